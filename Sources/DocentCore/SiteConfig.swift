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
    /// Absolute URL the site is published at, ending in `/` (used for canonical links and feeds).
    public var baseURL: String
    public var author: String?
    public var description: String?
    /// BCP 47 language tag for `<html lang>`.
    public var language: String
    public var series: [SeriesInfo]
    /// Name of the module built from `content/_support/`, importable by every article.
    public var supportModule: String?
    /// Defaults for every article's code.
    public var execution: ExecutionOverrides
    /// Seconds each article's programs may run (`time-limit`); `nil` for Docent's default.
    public var timeLimit: Double?
    /// Bytes of standard output kept per snippet (`output-limit`); `nil` for Docent's default.
    public var outputLimit: Int?
    /// Bytes of memory each article program may use (`memory-limit`); `nil` for Docent's default.
    public var memoryLimit: Int?
    /// Seconds one compile may take (`compile-time-limit`); `nil` for Docent's default.
    public var compileTimeLimit: Double?

    public init(title: String = "Docent", baseURL: String = "/", author: String? = nil, description: String? = nil,
                language: String = "en", series: [SeriesInfo] = [], supportModule: String? = nil,
                execution: ExecutionOverrides = ExecutionOverrides(), timeLimit: Double? = nil, outputLimit: Int? = nil) {
        self.title = title
        self.baseURL = baseURL
        self.author = author
        self.description = description
        self.language = language
        self.series = series
        self.supportModule = supportModule
        self.execution = execution
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
    }
}
