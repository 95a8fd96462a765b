import Foundation

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
    /// Settings for running the article's code; `nil` means "use the site's default".
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

/// Settings for running code that an article or the site may set; unset ones fall back.
public struct ExecutionOverrides: Sendable, Hashable {
    /// IANA time zone name, e.g. `America/New_York`.
    public var timeZone: String?
    /// Locale identifier, e.g. `en_US`.
    public var locale: String?
    /// The frozen clock's start, as written (ISO 8601 with an offset), and its value.
    public var now: Date?
    /// Swift language mode: 5 or 6.
    public var swiftVersion: Int?

    public init(timeZone: String? = nil, locale: String? = nil, now: Date? = nil, swiftVersion: Int? = nil) {
        self.timeZone = timeZone
        self.locale = locale
        self.now = now
        self.swiftVersion = swiftVersion
    }

    /// These settings, with any unset one taken from `fallback`.
    public func merged(over fallback: ExecutionOverrides) -> ExecutionOverrides {
        ExecutionOverrides(timeZone: timeZone ?? fallback.timeZone, locale: locale ?? fallback.locale,
                           now: now ?? fallback.now, swiftVersion: swiftVersion ?? fallback.swiftVersion)
    }
}
