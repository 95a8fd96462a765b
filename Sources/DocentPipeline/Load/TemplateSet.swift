import Mustache

/// The site's Mustache templates, parsed and checked, with the static assets that go with them.
public struct TemplateSet: Sendable {
    /// The templates every site needs; a missing one is an error.
    public static let required = ["layout", "home", "article", "page", "series", "tag", "tags"]

    public var library: MustacheLibrary
    /// Template names (file names without `.mustache`, with any sub-folder: `partials/toc`).
    public var names: Set<String>
    /// Files under `assets/` of the templates folder, relative to it (`assets/style.css`).
    public var assets: [String]
    /// The templates folder, as the user named it.
    public var directory: String

    public init(library: MustacheLibrary, names: Set<String>, assets: [String], directory: String) {
        self.library = library
        self.names = names
        self.assets = assets
        self.directory = directory
    }
}
