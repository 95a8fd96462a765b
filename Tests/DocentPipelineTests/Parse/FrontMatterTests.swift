import DocentCore
import Testing
@testable import DocentPipeline

@Suite("Front matter")
struct FrontMatterTests {
    private func parse(_ text: String, path: String = "content/a.md") -> [Diagnostic] {
        diagnostics { _ = try ContentParser.parseArticle(SourceFile(path: path, relativePath: "a.md", text: text)) }
    }

    private func locations(_ text: String) -> [String] {
        parse(text).map { $0.location?.description ?? "-" }
    }

    @Test("every key is read")
    func allKeys() throws {
        let text = """
        ---
        title: Formatting dates
        date: 2015-02-14
        summary: A summary.
        series: Dates
        order: 2
        tags: [dates, formatting]
        draft: true
        slug: formatting
        timezone: America/New_York
        locale: en_US
        now: 2015-01-28T23:29:00-05:00
        swift-version: 6
        ---
        # Body
        """
        let article = try ContentParser.parseArticle(SourceFile(path: "content/x/a.md", relativePath: "x/a.md", text: text))
        let matter = article.frontMatter
        #expect(matter.title == "Formatting dates")
        #expect(matter.date == ArticleDate(year: 2015, month: 2, day: 14))
        #expect(matter.summary == "A summary.")
        #expect(matter.series == "Dates")
        #expect(matter.order == 2)
        #expect(matter.tags == ["dates", "formatting"])
        #expect(matter.draft)
        #expect(matter.slug == "formatting")
        #expect(matter.execution.timeZone == "America/New_York")
        #expect(matter.execution.locale == "en_US")
        #expect(matter.execution.now?.timeIntervalSince1970 == 1_422_505_740)
        #expect(matter.execution.swiftVersion == 6)
        #expect(article.urlPath == "x/formatting/")
        #expect(article.bodyLineOffset == 14)
        #expect(article.location(ofKey: "order") == SourceLocation(path: "content/x/a.md", line: 6, column: 1))
    }

    private func article(_ text: String, at relativePath: String = "a.md") throws -> Article {
        try ContentParser.parseArticle(SourceFile(path: "content/" + relativePath, relativePath: relativePath, text: text))
    }

    @Test("without front matter the title is the first `#` heading's text, and the article is undated")
    func noFrontMatter() throws {
        let plain = try article("Intro text.\n\n# The *Basics* of `Swift`\n\n## Constants\n")
        #expect(plain.frontMatter.title == "The Basics of Swift")
        #expect(plain.frontMatter.date == nil)
        #expect(plain.bodyLineOffset == 0)
        #expect(plain.titleHeadingNodeID != nil)
        #expect(try article("Setext Title\n===\n\nText\n").frontMatter.title == "Setext Title")
    }

    @Test("without a heading either, the title comes from the file name")
    func titleFromFileName() throws {
        #expect(try article("## Only a subheading\n", at: "getting-started.md").frontMatter.title == "Getting started")
        #expect(try article("Text.\n", at: "control_flow/index.md").frontMatter.title == "Control flow")
        #expect(try article("Text.\n", at: "getting-started.md").titleHeadingNodeID == nil)
    }

    @Test("with front matter, title and date are still required")
    func frontMatterStillStrict() {
        #expect(parse("---\nsummary: s\n---\n# Heading\n").map(\.id) == [.parseYAMLMissingKey, .parseYAMLMissingKey])
    }

    @Test("the page shows a heading-derived title once, and the contents list leaves it out")
    func titleHeadingNotRepeated() throws {
        let page = try article("# Guide\n\n## One\n\nText.\n\n## Two\n")
        let woven = try PageWeaver(articles: [page], assets: []).weave(page)
        #expect(!woven.html.contains("<h1"))
        #expect(woven.headings.map(\.text) == ["One", "Two"])
    }

    @Test("unclosed front matter is reported")
    func unclosed() {
        #expect(parse("---\ntitle: x\n").map(\.id) == [.parseFrontMatterUnclosed])
    }

    @Test("missing required keys are each reported")
    func requiredKeys() {
        let found = parse("---\nsummary: s\n---\n")
        #expect(found.map(\.id) == [.parseYAMLMissingKey, .parseYAMLMissingKey])
        #expect(found.map(\.location?.description) == ["content/a.md:1:1", "content/a.md:1:1"])
    }

    @Test("a YAML syntax error points at the file line and column")
    func yamlSyntax() {
        let found = parse("---\ntitle: ok\ndate: 2020-01-01\ntags: [a, b\n---\nbody\n")
        #expect(found.count == 1)
        #expect(found.first?.location?.path == "content/a.md")
        #expect(found.first?.location?.line == 5)
        #expect(found.first?.id == .parseYAMLInvalid)
    }

    @Test("a mistyped value points at the value", arguments: [
        ("date: 2020-13-01\n", "content/a.md:3:7", "'date' must be a day written YYYY-MM-DD, not '2020-13-01'"),
        ("order: first\n", "content/a.md:4:8", "'order' must be a whole number, not 'first'"),
        ("draft: maybe\n", "content/a.md:4:8", "'draft' must be true or false, not 'maybe'"),
        ("timezone: Mars/Olympus\n", "content/a.md:4:11", "unknown time zone 'Mars/Olympus'"),
        ("now: 2015-01-28 23:29\n", "content/a.md:4:6", "'now' must be an ISO 8601 date and time with an offset, not '2015-01-28 23:29'"),
        ("swift-version: 4\n", "content/a.md:4:16", "'swift-version' must be 5 or 6, not 4"),
        ("slug: a/b\n", "content/a.md:4:7", "'slug' must be one path segment (letters, digits, '-'), not 'a/b'"),
        ("tags: {a: b}\n", "content/a.md:4:7", "'tags' must be a list, such as `tags: [swift, dates]`"),
    ])
    func mistyped(line: String, location: String, message: String) {
        let text = line.hasPrefix("date:") ? "---\ntitle: T\n\(line)---\n" : "---\ntitle: T\ndate: 2020-01-01\n\(line)---\n"
        let found = parse(text)
        #expect(found.map { $0.location?.description ?? "-" } == [location])
        #expect(found.map(\.message) == [message])
    }

    @Test("an unknown key is an error that suggests the nearest known key")
    func unknownKey() throws {
        let found = parse("---\ntitle: T\ndate: 2020-01-01\ntgas: [a]\n---\n")
        let diagnostic = try #require(found.first)
        #expect(diagnostic.id == .parseYAMLUnknownKey)
        #expect(diagnostic.location == SourceLocation(path: "content/a.md", line: 4, column: 1))
        #expect(diagnostic.notes.first == "did you mean 'tags'?")
    }

    @Test("a key given twice is an error")
    func duplicateKey() {
        let found = parse("---\ntitle: T\ntitle: U\ndate: 2020-01-01\n---\n")
        #expect(found.count == 1)
        #expect(found.first?.id == .parseYAMLDuplicateKey)
        #expect(found.first?.location?.line == 2)
    }

    @Test("several problems are reported together", arguments: [0])
    func collects(_: Int) {
        #expect(locations("---\ntitle: T\ndate: nope\norder: x\n---\n") == ["content/a.md:3:7", "content/a.md:4:8"])
    }

    @Test("CRLF files and a byte-order mark are understood")
    func lineEndings() throws {
        let article = try ContentParser.parseArticle(
            SourceFile(path: "content/a.md", relativePath: "a.md", text: "---\r\ntitle: T\r\ndate: 2020-01-01\r\n---\r\nHi\r\n"))
        #expect(article.frontMatter.title == "T")
        #expect(article.bodyLineOffset == 4)
    }
}

@Suite("Undated articles in lists")
struct UndatedOrderTests {
    private func woven(_ text: String, _ relativePath: String) throws -> WovenArticle {
        let article = try ContentParser.parseArticle(SourceFile(path: "content/" + relativePath, relativePath: relativePath, text: text))
        return try PageWeaver(articles: [article], assets: []).weave(article)
    }

    @Test("undated articles come after every dated one, by title, and series keep their order")
    func order() throws {
        let articles = [
            try woven("# Zebra\n", "zebra.md"),
            try woven("---\ntitle: Old\ndate: 2020-01-01\n---\n", "old.md"),
            try woven("# Apple\n", "apple.md"),
            try woven("---\ntitle: New\ndate: 2024-05-01\n---\n", "new.md"),
        ]
        let index = SiteIndex(articles: articles, config: SiteConfig())
        #expect(index.standalone.map(\.article.frontMatter.title) == ["New", "Old", "Apple", "Zebra"])
    }
}
