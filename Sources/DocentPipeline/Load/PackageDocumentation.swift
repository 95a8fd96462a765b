import DocentCore

/// Finds a Swift package's documentation sets, so `docent test --package .` checks all of it without `--content`:
/// `README.md`, `Guides/`, `Documentation/`, every `Sources/*/*.docc` catalog and `Snippets/`, in that order.
///
/// ```swift
/// let sets = try PackageDocumentation(fileSystem: LocalFileSystem()).discover(in: ".")
/// // [readme README.md, catalog Sources/Numerics/Numerics.docc, snippets Snippets]
/// ```
public struct PackageDocumentation: Sendable {
    /// The folders of Markdown articles looked for at the package's top, in order.
    public static let folders = ["Guides", "Documentation"]
    /// The file names tried for the README, in order (the first found is the set).
    public static let readmes = ["README.md", "Readme.md", "readme.md"]

    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// The sets in the package at `directory`, sorted as documented; an error naming the manifest looked for when
    /// the folder holds no `Package.swift`, and one naming every place looked in when it holds no documentation.
    public func discover(in directory: String) throws -> [DocumentationSet] {
        let manifest = ContentLoader.join(directory, "Package.swift")
        guard fileSystem.fileExists(manifest) else {
            throw DiagnosticError([.notAPackage(lookedFor: manifest, at: directory)])
        }
        var sets: [DocumentationSet] = []
        if let readme = Self.readmes.first(where: { fileSystem.fileExists(ContentLoader.join(directory, $0)) }) {
            sets.append(DocumentationSet(kind: .readme, path: readme))
        }
        for folder in Self.folders where hasFiles(ContentLoader.join(directory, folder), ending: ".md") {
            sets.append(DocumentationSet(kind: .folder, path: folder))
        }
        let sources = ContentLoader.join(directory, "Sources")
        if fileSystem.directoryExists(sources), let files = try? fileSystem.files(under: sources) {
            // A catalog is `Sources/<Target>/<Name>.docc`, found by the Markdown files in it.
            var catalogs: Set<String> = []
            for file in files where file.hasSuffix(".md") {
                let parts = file.split(separator: "/")
                if parts.count >= 3, parts[1].hasSuffix(".docc") { catalogs.insert("Sources/\(parts[0])/\(parts[1])") }
            }
            sets += catalogs.sorted().map { DocumentationSet(kind: .catalog, path: $0) }
        }
        if hasFiles(ContentLoader.join(directory, "Snippets"), ending: ".swift") {
            sets.append(DocumentationSet(kind: .snippets, path: "Snippets"))
        }
        guard !sets.isEmpty else {
            throw DiagnosticError([.noDocumentation(lookedIn: Self.readmes.prefix(1) + Self.folders.map { $0 + "/" }
                                                                + ["Sources/*/*.docc", "Snippets/"], at: directory)])
        }
        return sets
    }

    private func hasFiles(_ folder: String, ending suffix: String) -> Bool {
        fileSystem.directoryExists(folder) && ((try? fileSystem.files(under: folder))?.contains { $0.hasSuffix(suffix) } ?? false)
    }
}
