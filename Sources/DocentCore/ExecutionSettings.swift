import Foundation

/// Everything that decides how an article's code runs, resolved from front matter, `site.yml` and defaults.
/// Every input of a run is here, so a future cache can key results by a hash of it and the code.
public struct ExecutionSettings: Sendable, Hashable, Codable {
    public static let defaultTimeZone = "UTC"
    public static let defaultLocale = "en_US_POSIX"
    public static let defaultSwiftVersion = 5
    public static let defaultTimeLimit: Double = 10
    public static let defaultOutputLimit = 64 * 1024
    public static let defaultMemoryLimit = 2 << 30
    public static let defaultCompileTimeLimit: Double = 120
    /// The values `site.yml` may set, so an absurd setting is an error at its line, never a crash.
    public static let timeLimitRange: ClosedRange<Double> = 0.1...3600
    public static let outputLimitRange: ClosedRange<Int> = 1...(64 << 20)
    public static let memoryLimitRange: ClosedRange<Int> = (64 << 20)...(64 << 30)
    public static let compileTimeLimitRange: ClosedRange<Double> = 1...3600

    /// IANA time zone the program runs in (`TZ`), and that values are shown in.
    public var timeZone: String
    /// Locale identifier values are shown in, also given to the program (`LANG`, `DOCENT_LOCALE`).
    public var locale: String
    /// Where the program's clock starts (libfaketime); `nil` for the real clock.
    public var now: Date?
    /// Swift language mode, 5 or 6.
    public var swiftVersion: Int
    /// Seconds an article's programs may run before they are stopped.
    public var timeLimit: Double
    /// Bytes of standard output kept per snippet.
    public var outputLimit: Int
    /// Bytes of memory (address space) each program may use.
    public var memoryLimit: Int = defaultMemoryLimit
    /// Seconds one compile may take.
    public var compileTimeLimit: Double = defaultCompileTimeLimit

    public init(timeZone: String = defaultTimeZone, locale: String = defaultLocale, now: Date? = nil,
                swiftVersion: Int = defaultSwiftVersion, timeLimit: Double = defaultTimeLimit,
                outputLimit: Int = defaultOutputLimit) {
        self.timeZone = timeZone
        self.locale = locale
        self.now = now
        self.swiftVersion = swiftVersion
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
    }

    /// The settings of one article: its front matter over the site's defaults over Docent's.
    public init(article: ExecutionOverrides, site: ExecutionOverrides, timeLimit: Double = defaultTimeLimit,
                outputLimit: Int = defaultOutputLimit) {
        let merged = article.merged(over: site)
        self.init(timeZone: merged.timeZone ?? Self.defaultTimeZone, locale: merged.locale ?? Self.defaultLocale,
                  now: merged.now, swiftVersion: merged.swiftVersion ?? Self.defaultSwiftVersion,
                  timeLimit: timeLimit, outputLimit: outputLimit)
    }
}
