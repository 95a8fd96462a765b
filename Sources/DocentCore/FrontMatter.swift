/// The YAML header of an article: what it is called, when it was written, where it belongs,
/// and the settings its code runs under.
public struct FrontMatter: Sendable, Hashable {
    /// How an article is presented.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// A dated article: listed on the home page, in its series and under its tags.
        case article
        /// A stand-alone page such as "About": linked from the site's navigation, not listed by date.
        case page
    }

    public var title: String
    /// The publication day; `nil` for an undated article (one without front matter), listed after dated ones.
    public var date: ArticleDate?
    public var summary: String?
    public var series: String?
    public var order: Int?
    public var tags: [String]
    public var draft: Bool
    public var slug: String?
    public var layout: Layout
    /// Settings for running the article's code; one it does not set comes from `site.yml`, else its default.
    public var execution: ExecutionOverrides

    public init(title: String, date: ArticleDate?, summary: String? = nil, series: String? = nil, order: Int? = nil,
                tags: [String] = [], draft: Bool = false, slug: String? = nil, layout: Layout = .article,
                execution: ExecutionOverrides = ExecutionOverrides()) {
        self.title = title
        self.date = date
        self.summary = summary
        self.series = series
        self.order = order
        self.tags = tags
        self.draft = draft
        self.slug = slug
        self.layout = layout
        self.execution = execution
    }
}
