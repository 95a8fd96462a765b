import DocentCore

/// An article ready for its template: the body as HTML and the headings for its table of contents.
public struct WovenArticle: Sendable {
    /// One heading of the article, with the anchor its `id` attribute carries.
    public struct Heading: Sendable, Hashable {
        public var level: Int
        public var text: String
        public var anchor: String
    }

    public var article: Article
    public var html: String
    public var headings: [Heading]

    public init(article: Article, html: String, headings: [Heading]) {
        self.article = article
        self.html = html
        self.headings = headings
    }
}
