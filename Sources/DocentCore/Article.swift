import DocentMarkdown

/// One Markdown file of the content folder, parsed: its front matter and its body.
public struct Article: Sendable {
    /// Where the article came from, as the user names it (`content/guides/intro.md`).
    public var path: String
    /// The path below the content folder (`guides/intro.md`).
    public var relativePath: String
    public var frontMatter: FrontMatter
    /// Where each front-matter key was written, for errors that concern a key's value.
    public var keyLocations: [String: SourceLocation]
    /// The Markdown after the front matter.
    public var body: MarkdownDocument
    /// How many lines of the file come before `body` (front matter and its fences).
    public var bodyLineOffset: Int
    /// The page's URL path below the site root, without leading slash, ending in `/` (`guides/intro/`).
    public var urlPath: String
    /// When the title was taken from the body's first `#` heading (an article without front matter), that
    /// heading's node: the page shows the title once, so the heading is left out of the body.
    public var titleHeadingNodeID: Int?
    /// The whole file as it was read (front matter included), so a later rewrite can tell whether it changed since.
    public var sourceText: String?
    /// What its DocC markup says: catalog root, `@Metadata`, `## Topics`.
    public var docc = DocCPage()
    /// The content folder's images by the names DocC gives them (the same for every article of a site).
    public var images = ImageCatalog()

    public init(path: String, relativePath: String, frontMatter: FrontMatter, keyLocations: [String: SourceLocation],
                body: MarkdownDocument, bodyLineOffset: Int, urlPath: String) {
        self.path = path
        self.relativePath = relativePath
        self.frontMatter = frontMatter
        self.keyLocations = keyLocations
        self.body = body
        self.bodyLineOffset = bodyLineOffset
        self.urlPath = urlPath
    }

    /// The location in the article's file of a position in its body.
    public func location(of position: MarkdownPosition) -> SourceLocation {
        SourceLocation(path: path, line: position.line + bodyLineOffset, column: position.column)
    }

    /// Where a front-matter key was written, or the top of the file.
    public func location(ofKey key: String) -> SourceLocation {
        keyLocations[key] ?? SourceLocation(path: path)
    }
}
