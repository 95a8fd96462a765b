import Foundation
import Mustache

/// The site's Mustache templates, parsed and checked, with the static assets that go with them: the built-in
/// theme's files, each replaced by the file of the same path in the site's templates folder when it has one.
public struct TemplateSet: Sendable {
    /// The templates every site needs; a missing one is an error.
    public static let required = ["layout", "home", "article", "page", "series", "tag", "tags"]

    /// A static file of the theme (under `assets/`), copied into the site at the same path.
    public struct Asset: Sendable, Hashable {
        public enum Source: Sendable, Hashable {
            /// A file of the site's templates folder.
            case file(String)
            /// A file of the built-in theme.
            case builtIn(Data)
        }

        public var path: String
        public var source: Source
    }

    public var library: MustacheLibrary
    /// Template names (file names without `.mustache`, with any sub-folder: `partials/toc`).
    public var names: Set<String>
    public var assets: [Asset]
    /// Where each template came from, as messages name it (`templates/article.mustache`, `(built-in theme)/home.mustache`).
    public var origins: [String: String]

    public init(library: MustacheLibrary, names: Set<String>, assets: [Asset], origins: [String: String] = [:]) {
        self.library = library
        self.names = names
        self.assets = assets
        self.origins = origins
    }
}
