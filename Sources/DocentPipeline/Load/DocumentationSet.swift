/// One set of a package's documentation that `docent test --package .` finds on its own: the README, a folder of
/// guides, a DocC catalog, or the `Snippets/` folder of example programs.
///
/// ```swift
/// DocumentationSet(kind: .catalog, path: "Sources/Numerics/Numerics.docc").contains("Sources/Numerics/Numerics.docc/A.md")
/// ```
public struct DocumentationSet: Sendable, Hashable, Codable {
    /// What the set is, which decides how its files become articles.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `README.md`: one Markdown file, the site's home page.
        case readme
        /// `Guides/` or `Documentation/`: a folder of Markdown articles.
        case folder
        /// `Sources/<Target>/<Name>.docc`: a DocC catalog, a section of the site.
        case catalog
        /// `Snippets/`: each `.swift` file one program, compiled and run against the package.
        case snippets
    }

    public var kind: Kind
    /// Below the package folder: `README.md`, `Guides`, `Sources/Numerics/Numerics.docc`, `Snippets`.
    public var path: String

    public init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// Whether a test case or article at `path` (relative to the package folder, as `README.md` or
    /// `Guides/intro.md`) belongs to this set.
    public func contains(_ relativePath: String) -> Bool {
        kind == .readme ? relativePath == path : relativePath.hasPrefix(path + "/")
    }

    /// As the console lists it: a folder with a `/` (`Guides/`, `Snippets/`), a file or catalog as its path.
    public var displayName: String { kind == .folder || kind == .snippets ? path + "/" : path }

    /// What a set's examples are called when counted: programs for snippets, examples otherwise.
    public var unit: (one: String, many: String) { kind == .snippets ? ("program", "programs") : ("example", "examples") }
}
