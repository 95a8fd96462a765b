import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// A search indexer that records the folders it was given and writes a marker into each.
private final class RecordingIndexer: SearchIndexing, @unchecked Sendable {
    var sites: [String] = []
    var isAvailable: Bool { true }
    func index(site: String) throws -> Diagnostic? {
        sites.append(site)
        try Data("index".utf8).write(to: URL(fileURLWithPath: "\(site)/search-index"))
        return nil
    }
}

@Suite("Site plumbing: anchors, feed, sitemap, 404, search")
struct SitePlumbingTests {
    private func build(_ files: [String: String], indexer: (any SearchIndexing)? = nil,
                       reporter: RecordingReporter = RecordingReporter()) throws -> (TemporaryFolder, BuildSummary) {
        let folder = try TemporaryFolder().write(files)
        let summary = try Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: FakeRunner(),
                                   clock: { Date(timeIntervalSince1970: 1_795_000_000) }, searchIndexer: indexer)
            .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", outputDirectory: "\(folder.path)/site"))
        return (folder, summary)
    }

    private let absolute = "title: Example\nbase-url: https://example.org/blog/\nauthor: Ann\n"

    @Test("a link to a missing #anchor, here or on another article, is an error at the link; good ones pass")
    func brokenAnchors() throws {
        let files = [
            "content/a.md": article("A", body: "## Set up\n\nSee [below](#set-up), [nowhere](#setup-x),\n"
                                               + "and [b's part](b.md#part-two) and [b's missing](b.md#part-3).\n"),
            "content/b.md": article("B", body: "## Part two\n\n<div id=\"raw\">x</div>\n\n[raw](#raw)\n"),
        ]
        let found = diagnostics { _ = try build(files) }
        #expect(found.map(\.id) == [.weaveMissingAnchor, .weaveMissingAnchor])
        #expect(found.map { [$0.location?.line, $0.location?.column] } == [[7, 33], [8, 49]])
        #expect(found.first?.location?.path.hasSuffix("content/a.md") == true)
        #expect(found.first?.notes.first == "did you mean '#set-up'?")
    }

    @Test("examples are anchors: #example-N links to an article's Nth code block, and a missing one is an error")
    func exampleAnchors() throws {
        let body = "```swift\nlet a = 1\n```\n\n```swift\nlet b = 2\n```\n\nSee [the second](#example-2).\n"
        let (folder, _) = try build(["content/a.md": article("A", body: body)])
        #expect(try folder.read("site/a/index.html").contains("id=\"example-2\""))
        let found = diagnostics { _ = try build(["content/a.md": article("A", body: body.replacingOccurrences(of: "#example-2", with: "#example-3"))]) }
        #expect(found.map(\.id) == [.weaveMissingAnchor])
    }

    @Test("headings carry an id and a link to themselves")
    func headingAnchors() throws {
        let (folder, _) = try build(["content/a.md": article("A", body: "## Set up & go\n\nText.\n")])
        let html = try folder.read("site/a/index.html")
        #expect(html.contains("<h2 id=\"set-up-go\">Set up &amp; go<a class=\"heading-anchor\" href=\"#set-up-go\" aria-label=\"Link to this section\" data-pagefind-ignore>#</a></h2>"))
    }

    @Test("the Atom feed lists dated articles newest first, with absolute links from base-url; sitemap and robots follow")
    func feedAndSitemap() throws {
        let (folder, _) = try build([
            "content/site.yml": absolute,
            "content/old.md": article("Old & wise", date: "2025-01-01", extra: "summary: First.\n"),
            "content/new.md": article("New", date: "2026-03-04"),
            "content/about.md": "# About\n\nNo front matter, no date.\n",
        ])
        let feed = try folder.read("site/feed.xml")
        #expect(feed.contains("<id>https://example.org/blog/</id>"))
        #expect(feed.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.org/blog/feed.xml\"/>"))
        #expect(feed.contains("<updated>2026-03-04T00:00:00Z</updated>"))
        let newAt = try #require(feed.range(of: "<title>New</title>")), oldAt = try #require(feed.range(of: "<title>Old &amp; wise</title>"))
        #expect(newAt.lowerBound < oldAt.lowerBound)
        #expect(feed.contains("<summary>First.</summary>"))
        #expect(!feed.contains("<title>About</title>"), "undated articles are not in the feed")
        let sitemap = try folder.read("site/sitemap.xml")
        #expect(sitemap.contains("<url><loc>https://example.org/blog/old/</loc><lastmod>2025-01-01</lastmod></url>"))
        #expect(try folder.read("site/robots.txt").contains("Sitemap: https://example.org/blog/sitemap.xml"))
        let page = try folder.read("site/old/index.html")
        #expect(page.contains("https://example.org/blog/old/"), "the canonical address is absolute")
        #expect(page.contains("First."), "the summary is the page's description")
    }

    @Test("without an absolute base-url: a warning (when there is a site.yml), no sitemap, and the feed's ids are not made up as URLs")
    func relativeBase() throws {
        let reporter = RecordingReporter()
        let (folder, _) = try build(["content/site.yml": "title: Mine\n", "content/a.md": article("A")], reporter: reporter)
        #expect(reporter.diagnostics.contains { $0.severity == .warning && $0.id == .renderBaseURLNotAbsolute })
        #expect(!FileManager().fileExists(atPath: "\(folder.path)/site/sitemap.xml"))
        #expect(try folder.read("site/feed.xml").contains("<id>urn:docent:"))
        #expect(try folder.read("site/robots.txt") == "User-agent: *\nAllow: /\n")
    }

    @Test("404.html links from the site's root path, so it works at any depth")
    func notFoundPage() throws {
        let (folder, _) = try build(["content/site.yml": absolute, "content/a.md": article("A")])
        let html = try folder.read("site/404.html")
        #expect(html.contains("href=\"/blog/assets/style.css\""))
    }

    @Test("the search index is built inside the new site before it is swapped in")
    func searchIndexRunsBeforeTheSwap() throws {
        let indexer = RecordingIndexer()
        let (folder, _) = try build(["content/a.md": article("A")], indexer: indexer)
        #expect(indexer.sites.count == 1)
        #expect(indexer.sites.first?.contains(".site.docent-staging-") == true)
        #expect(try folder.read("site/search-index") == "index")
        #expect(try folder.read("site/a/index.html").contains("data-pagefind=\""), "the search box is there")
    }

    @Test("without Pagefind the build warns once and still writes the site")
    func noPagefind() throws {
        let reporter = RecordingReporter()
        let (folder, _) = try build(["content/a.md": article("A")],
                                    indexer: PagefindIndexer(environment: ["PATH": "/nonexistent"]), reporter: reporter)
        #expect(reporter.diagnostics.filter { $0.id == .writeSearchNotInstalled }.count == 1)
        let page = try folder.read("site/a/index.html")
        #expect(!page.contains("data-pagefind=\""), "no search box without an index: it would only log a 404")
    }

    @Test("an image without alt text is a warning at the image; one with alt text is not")
    func imageAltText() throws {
        let reporter = RecordingReporter()
        _ = try build(["content/a.md": article("A", body: "![](pic.png) and ![A chart](pic.png)\n"), "content/pic.png": "png"],
                      reporter: reporter)
        let warnings = reporter.diagnostics.filter { $0.id == .weaveImageWithoutAltText }
        #expect(warnings.map { [$0.location?.line, $0.location?.column] } == [[5, 5]])
        #expect(warnings.first?.message == "image 'pic.png' has no alt text: screen readers and search engines will skip it")
    }

    @Test("external links are collected with their locations, never fetched")
    func externalLinks() throws {
        let (_, summary) = try build(["content/a.md": article("A", body: "Read [Swift](https://swift.org) and <https://example.com/x>.\n")])
        #expect(summary.externalLinks.map(\.url) == ["https://swift.org", "https://example.com/x"])
        #expect(summary.externalLinks.map { $0.location.line } == [5, 5])
    }

    @Test("the verification counts passed, failed and unverified examples and links failures to their figures")
    func verification() throws {
        func checked(_ status: SnippetResult.Status, line: Int) -> CheckedSnippet {
            CheckedSnippet(snippet: Snippet(location: SourceLocation(path: "content/a.md", line: line), nodeID: 0, mode: .shared, lines: []),
                           result: SnippetResult(status: status))
        }
        let verification = Verification([checked(.passed, line: 3), checked(.failed, line: 9), checked(.ignored, line: 12),
                                         checked(.expectedFailure, line: 20), checked(.notRun, line: 30)])
        #expect(verification.total == 4)
        #expect(verification.passed == 1)
        #expect(verification.failToCompileAsIntended == 1)
        #expect(verification.failed == 1)
        #expect(verification.notRun == 1)
        #expect(verification.notVerified == 1)
        #expect(verification.failures.map(\.anchor) == ["example-2", "example-5"])
        #expect(verification.failures.map(\.label) == ["Example 2", "Example 4"])
        #expect(CheckStamp.swiftVersion(fromCompilerVersion: "Swift version 6.2.1 (swift-6.2.1-RELEASE)\nTarget: x86_64") == "6.2.1")
    }
}
