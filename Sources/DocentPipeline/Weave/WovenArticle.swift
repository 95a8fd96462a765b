import DocentCore

/// An article ready for its template: the body as HTML and the headings for its table of contents.
public struct WovenArticle: Sendable {
    /// One heading of the article, with the anchor its `id` attribute carries.
    public struct Heading: Sendable, Hashable {
        public var level: Int
        public var text: String
        public var anchor: String
    }

    /// A link to a `#fragment` of an article (its own or another), checked once every page is woven.
    public struct FragmentLink: Sendable, Hashable {
        /// The linked article's path in the content folder.
        public var article: String
        public var fragment: String
        public var location: SourceLocation
    }

    /// A link out of the site (`https:`, `mailto:` …), listed by `docent build --list-external`, never fetched.
    public struct ExternalLink: Sendable, Hashable {
        public var url: String
        public var location: SourceLocation
    }

    public var article: Article
    public var html: String
    public var headings: [Heading]
    /// The verdicts on its examples, for the reader's badge.
    public var verification: Verification
    /// Every `id` the page's body defines (headings, examples, and any the author wrote in raw HTML), for link checks.
    public var anchors: Set<String>
    public var fragmentLinks: [FragmentLink] = []
    public var externalLinks: [ExternalLink] = []
    /// Problems that do not stop the build (an image without alt text), reported once woven.
    public var warnings: [Diagnostic] = []

    public init(article: Article, html: String, headings: [Heading], verification: Verification = Verification([]),
                anchors: Set<String> = []) {
        self.article = article
        self.html = html
        self.headings = headings
        self.verification = verification
        self.anchors = anchors
    }
}
