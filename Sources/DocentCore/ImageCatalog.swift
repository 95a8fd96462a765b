/// The images of a content folder by the names DocC refers to them with: `name.png`, `name@2x.png`, `name~dark.png`
/// and `name~dark@2x.png` (and `.jpg`, `.jpeg`, `.gif`, `.svg`) anywhere in the folder are all the image `name`.
///
/// ```swift
/// let catalog = ImageCatalog(files: ["Assets/matrix@2x.png": .init(width: 200, height: 100), "Assets/matrix~dark@2x.png": nil])
/// catalog.image(named: "matrix")?.size   // 100 × 50
/// ```
public struct ImageCatalog: Sendable, Hashable {
    /// The extensions an image may have, in the order one is preferred when a name has several.
    public static let extensions = ["png", "jpg", "jpeg", "gif", "svg"]

    private var images: [String: CatalogImage] = [:]

    public init() {}

    /// `files`: every image file of the content folder (path below it) with its pixel size, when it could be read.
    public init(files: [String: CatalogImage.Size?]) {
        struct Found { var path: String; var dark: Bool; var twoX: Bool; var size: CatalogImage.Size? }
        var byName: [String: [Found]] = [:]
        for (path, size) in files {
            guard let parts = Self.parts(of: path) else { continue }
            byName[parts.name, default: []].append(Found(path: path, dark: parts.dark, twoX: parts.twoX, size: size))
        }
        for (name, found) in byName {
            // One extension per name: the first of `extensions` that has a light file, so variants match.
            let ordered = found.sorted { Self.rank($0.path) != Self.rank($1.path) ? Self.rank($0.path) < Self.rank($1.path) : $0.path < $1.path }
            guard let chosen = ordered.first(where: { !$0.dark }) else { continue }
            let same = ordered.filter { Self.rank($0.path) == Self.rank(chosen.path) }
            func variant(dark: Bool) -> CatalogImage.Variant? {
                let files = same.filter { $0.dark == dark }
                let oneX = files.first { !$0.twoX }?.path
                let twoX = files.first { $0.twoX }?.path
                return oneX == nil && twoX == nil ? nil : CatalogImage.Variant(oneX: oneX, twoX: twoX)
            }
            guard let light = variant(dark: false) else { continue }
            var size: CatalogImage.Size?
            if let one = same.first(where: { !$0.dark && !$0.twoX }), let pixels = one.size {
                size = pixels
            } else if let two = same.first(where: { !$0.dark && $0.twoX }), let pixels = two.size {
                size = .init(width: (pixels.width + 1) / 2, height: (pixels.height + 1) / 2)
            }
            images[name] = CatalogImage(name: name, light: light, dark: variant(dark: true), size: size)
        }
    }

    /// The image DocC's name refers to: `matrix`, `matrix.png` or `matrix@2x.png` all name `matrix`.
    public func image(named reference: String) -> CatalogImage? {
        if let found = images[reference] { return found }
        return Self.parts(of: reference).flatMap { images[$0.name] }
    }

    public var isEmpty: Bool { images.isEmpty }

    /// Whether a path names an image file by its extension.
    public static func isImage(_ path: String) -> Bool {
        parts(of: path) != nil
    }

    /// `Assets/matrix~dark@2x.png` → (`matrix`, dark, 2×); `nil` for a file that is not an image.
    public static func parts(of path: String) -> (name: String, dark: Bool, twoX: Bool)? {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), extensions.contains(file[file.index(after: dot)...].lowercased()) else { return nil }
        var name = Substring(file[..<dot])
        let twoX = name.hasSuffix("@2x")
        if twoX { name = name.dropLast(3) }
        let dark = name.hasSuffix("~dark")
        if dark { name = name.dropLast(5) }
        return name.isEmpty ? nil : (String(name), dark, twoX)
    }

    private static func rank(_ path: String) -> Int {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return extensions.firstIndex(of: ext) ?? extensions.count
    }
}
