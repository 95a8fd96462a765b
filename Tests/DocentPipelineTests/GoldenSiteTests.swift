import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

@Suite("A fixture site, page by page")
struct GoldenSiteTests {
    static let fixture = DocentRepository.url("Tests/DocentPipelineTests/Fixtures/site-basic").path

    /// `DOCENT_UPDATE_GOLDEN=1`: the golden pages are rewritten instead of compared, and that run fails on purpose,
    /// so a regeneration can never pass for a check.
    static var regenerating: Bool { ProcessInfo.processInfo.environment["DOCENT_UPDATE_GOLDEN"] == "1" }
    static var expectedFolder: String { "\(fixture)/expected" }

    private func build() throws -> (TemporaryFolder, BuildSummary) {
        let output = try TemporaryFolder()
        let summary = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner())
            .build(BuildConfiguration(contentDirectory: "\(Self.fixture)/content", templatesDirectory: repositoryTemplates,
                                      outputDirectory: "\(output.path)/site"))
        return (output, summary)
    }

    /// The built site's pages, with the fixture's folder (which depends on the checkout) written as `FIXTURE`.
    private func pages() throws -> [String: Data] {
        let (output, _) = try build()
        return try output.snapshot("site").filter { $0.key.hasSuffix(".html") }.mapValues { data in
            Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: Self.fixture, with: "FIXTURE").utf8)
        }
    }

    @Test("every page matches its golden copy", .disabled(if: GoldenSiteTests.regenerating, "DOCENT_UPDATE_GOLDEN=1 rewrites the golden copies instead"))
    func golden() throws {
        let pages = try pages()
        let expected = TemporaryFolder.snapshot(of: Self.expectedFolder)
        try #require(!expected.isEmpty, "no golden pages in \(Self.expectedFolder)")
        #expect(Set(pages.keys) == Set(expected.keys))
        for (path, data) in pages.sorted(by: { $0.key < $1.key }) {
            let actual = String(decoding: data, as: UTF8.self)
            let golden = expected[path].map { String(decoding: $0, as: UTF8.self) }
            #expect(actual == golden, "\(path) differs from its golden copy")
        }
    }

    @Test("DOCENT_UPDATE_GOLDEN=1 rewrites the golden pages, and fails so that it is never taken for a check",
          .enabled(if: GoldenSiteTests.regenerating))
    func regenerate() throws {
        let pages = try pages()
        try? FileManager().removeItem(atPath: Self.expectedFolder)
        for (path, data) in pages { try LocalFileSystem().write(data, to: "\(Self.expectedFolder)/\(path)") }
        let said = "rewrote \(pages.count) golden pages in \(Self.expectedFolder) without comparing them: "
            + "review the diff, then run the tests again without DOCENT_UPDATE_GOLDEN"
        Issue.record(Comment(rawValue: said))
    }

    @Test("N articles give N article pages plus home, series and tag pages, and assets are copied")
    func pageSet() throws {
        let (output, summary) = try build()
        let files = Set(try output.snapshot("site").keys)
        #expect(summary.articles == 4)
        #expect(files.isSuperset(of: [
            "index.html", "basics/first/index.html", "basics/second/index.html", "news/index.html", "about/index.html",
            "series/basics/index.html", "tags/index.html", "tags/intro/index.html", "tags/swift/index.html",
            "tags/news/index.html", "assets/style.css", "images/diagram.svg", ".docent-site",
        ]))
    }

    @Test("every internal link and image on every page resolves to a file, and every #fragment to an id on its page")
    func linksResolve() throws {
        let (output, _) = try build()
        let audit = try LinkAudit(site: "\(output.path)/site")
        #expect(audit.links > 50, "the audit read \(audit.links) links: too few to mean anything")
        #expect(audit.broken.isEmpty, "broken links: \(audit.broken)")
    }

    @Test("series navigation links previous and next")
    func seriesNavigation() throws {
        let (output, _) = try build()
        let first = try output.read("site/basics/first/index.html")
        #expect(first.contains("rel=\"next\" href=\"../../basics/second/\""))
        #expect(!first.contains("rel=\"prev\""))
        let second = try output.read("site/basics/second/index.html")
        #expect(second.contains("rel=\"prev\" href=\"../../basics/first/\""))
        #expect(second.contains("<h2 id=\"details\">Details<a class=\"heading-anchor\" href=\"#details\""))
        #expect(second.contains("<a href=\"#deeper\">Deeper</a>"))
    }
}
