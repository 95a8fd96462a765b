import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

@Suite("The table of execution settings")
struct ExecutionSettingTableTests {
    private func site(_ yaml: String) -> [Diagnostic] {
        diagnostics { _ = try SiteConfigParser.parse(SourceFile(path: "content/site.yml", relativePath: "site.yml", text: yaml)) }
    }

    private func frontMatter(_ yaml: String) -> [Diagnostic] {
        diagnostics {
            _ = try ContentParser.parseArticle(SourceFile(path: "content/a.md", relativePath: "a.md",
                                                          text: "---\ntitle: T\ndate: 2026-01-01\n\(yaml)---\n"))
        }
    }

    /// Each diagnostic's first line, `path:line:col: error: message`, without its notes.
    private func headlines(_ found: [Diagnostic]) -> [String] {
        found.map { String($0.description.prefix { $0 != "\n" }) }
    }

    @Test("the defaults are Docent's documented ones")
    func defaults() {
        let settings = ExecutionSettings()
        #expect(settings.timeZone == "UTC")
        #expect(settings.locale == "en_US_POSIX")
        #expect(settings.now == nil)
        #expect(settings.swiftVersion == 5)
        #expect(settings.timeLimit == 10)
        #expect(settings.outputLimit == 65536)
        #expect(settings.memoryLimit == 2_147_483_648)
        #expect(settings.compileTimeLimit == 120)
        #expect(settings.compileMemoryLimit == 3 << 30)
    }

    @Test("front matter allows the settings an article may set; site.yml allows them all, limits first")
    func allowedKeys() {
        #expect(FrontMatterParser.allowedKeys == ["title", "date", "summary", "series", "order", "tags", "draft", "slug",
                                                  "layout", "timezone", "locale", "now", "swift-version", "after-trap", "imports"])
        #expect(SiteConfigParser.allowedKeys == ["title", "base-url", "author", "description", "language", "series",
                                                 "support-module", "package", "time-limit", "output-limit", "memory-limit",
                                                 "compile-time-limit", "compile-memory-limit", "timezone", "locale", "now", "swift-version",
                                                 "after-trap", "imports"])
        let found = frontMatter("time-limit: 5\n")
        #expect(headlines(found) == ["content/a.md:4:1: error: unknown front matter key 'time-limit'"])
    }

    @Test("an article's setting wins over site.yml's, which wins over the default; limits come from site.yml only")
    func resolve() throws {
        let config = try SiteConfigParser.parse(SourceFile(path: "s", relativePath: "s", text: """
            timezone: Europe/Paris
            locale: fr_FR
            time-limit: 2.5
            memory-limit: 512 MiB
            """))
        let article = try ContentParser.parseArticle(SourceFile(path: "a.md", relativePath: "a.md", text: """
            ---
            title: T
            date: 2026-01-01
            timezone: Asia/Tokyo
            now: 2015-01-28T23:29:00-05:00
            ---
            """))
        let settings = ExecutionSettings.resolve(site: config.execution, article: article.frontMatter.execution)
        #expect(settings.timeZone == "Asia/Tokyo")
        #expect(settings.locale == "fr_FR")
        #expect(settings.now == Date(timeIntervalSince1970: 1_422_505_740))
        #expect(settings.swiftVersion == 5)
        #expect(settings.timeLimit == 2.5)
        #expect(settings.memoryLimit == 512 << 20)
        #expect(settings.outputLimit == 65536)
        // A limit that reached an article's overrides anyway is not taken from it.
        let sneaky = ExecutionOverrides(values: ["time-limit": .number(3600)])
        #expect(ExecutionSettings.resolve(site: config.execution, article: sneaky).timeLimit == 2.5)
        #expect(ExecutionSettings.resolve(site: ExecutionOverrides(), article: ExecutionOverrides()) == ExecutionSettings())
    }

    @Test("each refused value keeps its message, notes and place", arguments: [
        ("timezone: Mars/Olympus\n", "content/site.yml:1:11: error: unknown time zone 'Mars/Olympus'",
         ["use an IANA name such as America/New_York, Europe/Paris or UTC"]),
        ("locale: xx_YY\n", "content/site.yml:1:9: error: unknown locale 'xx_YY'",
         ["use an identifier such as en_US, fr_FR or en_US_POSIX"]),
        ("now: yesterday\n", "content/site.yml:1:6: error: 'now' must be an ISO 8601 date and time with an offset, not 'yesterday'",
         ["for example `now: 2015-01-28T23:29:00-05:00`"]),
        ("swift-version: six\n", "content/site.yml:1:16: error: 'swift-version' must be a whole number, not 'six'", []),
        ("swift-version: 7\n", "content/site.yml:1:16: error: 'swift-version' must be 5 or 6, not 7", []),
        ("time-limit: 0\n", "content/site.yml:1:13: error: 'time-limit' must be a number of seconds from 0.1 to 3600, not '0'",
         ["for example `time-limit: 10`"]),
        ("compile-time-limit: 4000\n",
         "content/site.yml:1:21: error: 'compile-time-limit' must be a number of seconds from 1 to 3600, not '4000'",
         ["for example `compile-time-limit: 120`"]),
        ("output-limit: lots\n", "content/site.yml:1:15: error: 'output-limit' must be a size from 1 bytes to 64 MiB, not 'lots'",
         ["for example `output-limit: 65536` (a number of bytes, or KiB, MiB, GiB)"]),
        ("memory-limit: 2 TiB\n", "content/site.yml:1:15: error: 'memory-limit' must be a size from 64 MiB to 64 GiB, not '2 TiB'",
         ["for example `memory-limit: 2 GiB` (a number of bytes, or KiB, MiB, GiB)"]),
    ])
    func refused(yaml: String, description: String, notes: [String]) {
        let found = site(yaml)
        #expect(headlines(found) == [description])
        #expect(found.first?.notes == notes)
    }

    @Test("front matter refuses an article setting's bad value the same way, at its own line")
    func refusedInFrontMatter() {
        #expect(headlines(frontMatter("locale: xx_YY\n")) == ["content/a.md:4:9: error: unknown locale 'xx_YY'"])
    }

    @Test("sizes are read and written in bytes, KiB, MiB or GiB")
    func byteCounts() {
        #expect(ByteCount.parse("65536") == 65536)
        #expect(ByteCount.parse("3 B") == 3)
        #expect(ByteCount.parse("64 KiB") == 65536)
        #expect(ByteCount.parse("512 MiB") == 536_870_912)
        #expect(ByteCount.parse("2 GiB") == 2_147_483_648)
        #expect(ByteCount.parse("2 TiB") == nil)
        #expect(ByteCount.parse("-1") == nil)
        #expect(ByteCount.parse("9223372036854775807 GiB") == nil)
        #expect(ByteCount.text(2_147_483_648) == "2 GiB")
        #expect(ByteCount.text(65536) == "64 KiB")
        #expect(ByteCount.text(1) == "1 bytes")
        #expect(ByteCount.text(1000) == "1000 bytes")
    }

    @Test("settings that differ in one value are different, and survive a round trip through JSON")
    func identity() throws {
        var changed = ExecutionSettings()
        changed.compileTimeLimit = 30
        #expect(changed != ExecutionSettings())
        changed.now = Date(timeIntervalSince1970: 86400)
        let copy = try JSONDecoder().decode(ExecutionSettings.self, from: JSONEncoder().encode(changed))
        #expect(copy == changed)
        #expect(copy.now == Date(timeIntervalSince1970: 86400) && copy.compileTimeLimit == 30)
    }

    @Test("after-trap is read as its case, kept as its word, and any other word is refused naming both")
    func afterTrapIsACase() throws {
        let rule = ExecutionSettingRule<AfterTrap>.choice
        #expect(try rule.read("stop", "after-trap", nil).get() == .stop)
        #expect(try rule.read("continue", "after-trap", nil).get() == .continue)
        guard case .failure(let problem) = rule.read("halt", "after-trap", nil) else {
            Issue.record("'halt' was accepted")
            return
        }
        #expect(problem.message == "'after-trap' must be `continue` or `stop`, not 'halt'")
        #expect(AfterTrap.stop.stored == .text("stop") && AfterTrap(stored: .text("continue")) == .continue)
        var settings = ExecutionSettings()
        #expect(settings.afterTrap == .continue)
        settings.afterTrap = .stop
        #expect(try JSONDecoder().decode(ExecutionSettings.self, from: JSONEncoder().encode(settings)).afterTrap == .stop)
    }
}
