import Foundation

/// Every setting that decides how an article's code runs, one entry each. Parsing and checking (front matter and
/// `site.yml`), the keys each file allows, the defaults, the merge and the README's settings table all come from
/// here: a new setting is one more entry (and its use where it takes effect), read as `settings.<entry name>`.
public struct ExecutionSettingTable: Sendable {
    public let timeZone = ExecutionSetting<String>(
        "timezone", scope: .siteAndArticle, default: "UTC", .timeZone,
        help: "the time zone the program runs in (its `TZ`) and values are shown in")
    public let locale = ExecutionSetting<String>(
        "locale", scope: .siteAndArticle, default: "en_US_POSIX", .locale,
        help: "the locale values are shown in, also given to the program (`LANG`)")
    public let now = ExecutionSetting<Date?>(
        "now", scope: .siteAndArticle, default: nil, .instant,
        help: "the instant the program's clock is frozen at (through libfaketime): every `Date()` reads it, while "
            + "sleeps and timers run on real time (a wait until a `Date` never ends); unset, the real clock")
    public let swiftVersion = ExecutionSetting<Int>(
        "swift-version", scope: .siteAndArticle, default: "5", .oneOf([5, 6]),
        help: "the Swift language mode the article is compiled in")
    public let afterTrap = ExecutionSetting<AfterTrap>(
        "after-trap", scope: .siteAndArticle, default: "continue", .choice,
        help: "what a snippet that traps does to the ones after it: `continue` runs them without the statement that "
            + "trapped, `stop` leaves them unrun")
    public let imports = ExecutionSetting<[String]?>(
        "imports", scope: .siteAndArticle, default: nil, .moduleNames,
        help: "the modules every program of the article imports, each as `import Name` above its code; unset, the "
            + "documented package's library modules (`--package`), else none")
    public let timeLimit = ExecutionSetting<Double>(
        "time-limit", scope: .site, default: "10", .seconds(0.1...3600), ceiling: true,
        help: "how long an article's programs may run, together")
    public let outputLimit = ExecutionSetting<Int>(
        "output-limit", scope: .site, default: "65536", .bytes(1...(64 << 20)), ceiling: true,
        help: "how much standard output is kept per snippet")
    public let memoryLimit = ExecutionSetting<Int>(
        "memory-limit", scope: .site, default: "2 GiB", .bytes((64 << 20)...(64 << 30)), ceiling: true,
        help: "how much memory (address space) each program may use")
    public let compileTimeLimit = ExecutionSetting<Double>(
        "compile-time-limit", scope: .site, default: "120", .seconds(1...3600),
        help: "how long one compile may take")
    public let compileMemoryLimit = ExecutionSetting<Int>(
        "compile-memory-limit", scope: .site, default: "3 GiB", .bytes((256 << 20)...(64 << 30)),
        help: "how much memory (address space) the compiler and the linker may use, each")

    public init() {}

    /// The table; entries are found through key paths into it (`ExecutionSettingTable.standard.timeLimit`).
    public static let standard = ExecutionSettingTable()

    /// Every entry, in the order they are declared above (the order they are read and listed in).
    public static let all: [any AnyExecutionSetting] = Mirror(reflecting: standard).children.compactMap {
        $0.value as? any AnyExecutionSetting
    }

    /// The entry with this YAML key.
    public static func setting(forKey key: String) -> (any AnyExecutionSetting)? {
        all.first { $0.key == key }
    }

    /// The keys a file may hold: every key for `site.yml`, the ones an article may set for front matter. Keys only
    /// `site.yml` may set come first.
    public static func keys(inFrontMatter: Bool) -> [String] {
        let siteOnly = inFrontMatter ? [] : all.filter { !$0.scope.articleMaySet }
        return (siteOnly + all.filter(\.scope.articleMaySet)).map(\.key)
    }
}
