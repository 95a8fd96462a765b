import DocentCore

/// A text file read from the content folder.
public struct SourceFile: Sendable, Hashable {
    /// The path as the user names it (`content/guides/intro.md`).
    public var path: String
    /// The path below the content folder (`guides/intro.md`).
    public var relativePath: String
    public var text: String
    /// What to add to a line number of `text` to get the line in the file at `path`: `-1` for a SwiftPM snippet, read
    /// as a Markdown article whose first line is the opening fence (``SnippetFile``); `0` for Markdown.
    public var lineOffset: Int

    public init(path: String, relativePath: String, text: String, lineOffset: Int = 0) {
        self.path = path
        self.relativePath = relativePath
        self.text = text
        self.lineOffset = lineOffset
    }
}

/// Everything the content folder holds, read but not yet interpreted.
public struct LoadedContent: Sendable {
    /// Markdown articles, sorted by path.
    public var articles: [SourceFile]
    /// `site.yml`, if present.
    public var siteConfig: SourceFile?
    /// Other files to publish as they are (images, downloads), relative to the content folder.
    public var assets: [String]
    /// Swift files of the support module (`_support/`), relative to the content folder.
    public var supportSources: [SourceFile]
    /// What the author should hear about the files left out (a link leading out of the content folder, a name
    /// that is not UTF-8).
    public var warnings: [Diagnostic]
    /// Every image among `assets` (by extension) with its size in pixels, when its header could be read.
    public var imageSizes: [String: CatalogImage.Size?] = [:]
    /// The folder `assets` and `supportSources` are relative to: the content folder, or the folder of the one
    /// Markdown file read as the content (`ContentLoader.load(file:)`).
    public var directory = "."
    /// The package's documentation sets the articles were read from (``PackageContentLoader``); empty for a content
    /// folder or file. Each DocC catalog among them is a section of the site, arranged on its own.
    public var sets: [DocumentationSet] = []

    public init(articles: [SourceFile], siteConfig: SourceFile?, assets: [String], supportSources: [SourceFile],
                warnings: [Diagnostic] = []) {
        self.articles = articles
        self.siteConfig = siteConfig
        self.assets = assets
        self.supportSources = supportSources
        self.warnings = warnings
    }
}
