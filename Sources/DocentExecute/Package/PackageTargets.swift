/// Which of a package's targets other code can import, as `swift package describe --type json` says: a target is
/// importable from outside the package only through a library product that holds it. Documentation inside a
/// target's folder (its DocC catalog) whose target no library product holds cannot be checked: its examples would
/// have to import a module SwiftPM lets no other package depend on.
///
/// ```swift
/// let targets = PackageTargets(targets: [.init(name: "Validation", path: "Sources/Validation")], exported: [])
/// targets.unexportedTarget(of: "Sources/Validation/Validation.docc/Guide.md")  // "Validation"
/// ```
public struct PackageTargets: Sendable, Hashable, Codable {
    /// A target: its name and its folder relative to the package (`Sources/Name`).
    public struct Target: Sendable, Hashable, Codable {
        public var name: String
        public var path: String

        public init(name: String, path: String) {
            self.name = name
            self.path = path
        }
    }

    public var targets: [Target]
    /// The names of the targets some library product holds.
    public var exported: Set<String>

    public init(targets: [Target], exported: Set<String>) {
        self.targets = targets
        self.exported = exported
    }

    /// From SwiftPM's description: every target (at its folder, or SwiftPM's default `Sources/Name`) and those the
    /// library products hold.
    init(_ manifest: PackageManifest) {
        targets = manifest.targets.map { Target(name: $0.name, path: Self.trimmed($0.path ?? "Sources/\($0.name)")) }
        exported = Set(manifest.products.filter { $0.kind == "library" }.flatMap(\.targets))
    }

    /// The target whose folder holds `relativePath` (a file below the package folder), when no library product holds
    /// it and the file is in a DocC catalog (a folder ending `.docc`) inside that folder; `nil` otherwise.
    public func unexportedTarget(of relativePath: String) -> String? {
        let path = Self.trimmed(relativePath)
        let owner = targets.filter { !$0.path.isEmpty && path.hasPrefix($0.path + "/") }.max { $0.path.count < $1.path.count }
        guard let owner, !exported.contains(owner.name) else { return nil }
        let inside = path.dropFirst(owner.path.count + 1).split(separator: "/").dropLast()
        return inside.contains { $0.hasSuffix(".docc") } ? owner.name : nil
    }

    /// The catalog folder (`Sources/Name/Name.docc`) of a file inside one, relative to the package.
    public static func catalog(of relativePath: String) -> String? {
        let parts = trimmed(relativePath).split(separator: "/")
        guard let index = parts.dropLast().firstIndex(where: { $0.hasSuffix(".docc") }) else { return nil }
        return parts[...index].joined(separator: "/")
    }

    /// A path without a leading `./` or a trailing `/`.
    private static func trimmed(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
