/// Site-wide settings, read from `content/site.yml`; every key has a sensible default.
public struct SiteConfig: Sendable, Hashable {
    /// A series as listed in `site.yml`, which fixes the order series appear in on the home page.
    public struct SeriesInfo: Sendable, Hashable {
        public var title: String
        public var summary: String?

        public init(title: String, summary: String? = nil) {
            self.title = title
            self.summary = summary
        }
    }

    public var title: String
    /// Whether `site.yml` gave the title (else a DocC catalog's root page may).
    public var titleIsSet = false
    /// Absolute URL the site is published at, ending in `/` (used for canonical links and feeds).
    public var baseURL: String
    public var author: String?
    public var description: String?
    /// BCP 47 language tag for `<html lang>`.
    public var language: String
    public var series: [SeriesInfo]
    /// Name of the module built from `content/_support/`, importable by every article.
    public var supportModule: String?
    /// `package:`: the Swift package the articles document, relative to the content folder.
    public var package: String?
    /// The execution settings `site.yml` sets: defaults for every article's code, and the limits only it may set.
    public var execution: ExecutionOverrides

    public init(title: String = "Docent", baseURL: String = "/", author: String? = nil, description: String? = nil,
                language: String = "en", series: [SeriesInfo] = [], supportModule: String? = nil,
                execution: ExecutionOverrides = ExecutionOverrides()) {
        self.title = title
        self.baseURL = baseURL
        self.author = author
        self.description = description
        self.language = language
        self.series = series
        self.supportModule = supportModule
        self.execution = execution
    }
}
