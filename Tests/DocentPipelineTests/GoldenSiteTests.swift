import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

@Suite("A fixture site, page by page")
struct GoldenSiteTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/site-basic").path

    private func build() throws -> (TemporaryFolder, BuildSummary) {
        let output = try TemporaryFolder()
        let summary = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner())
            .build(BuildConfiguration(contentDirectory: "\(Self.fixture)/content", templatesDirectory: repositoryTemplates,
                                      outputDirectory: "\(output.path)/site"))
        return (output, summary)
    }

    @Test("every page matches its golden copy (DOCENT_UPDATE_GOLDEN=1 rewrites them)")
    func golden() throws {
        let (output, _) = try build()
        // Source paths in the pages name the fixture's folder, which depends on the checkout: neutralise it.
        let pages = try output.snapshot("site").filter { $0.key.hasSuffix(".html") }.mapValues { data in
            Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: Self.fixture, with: "FIXTURE").utf8)
        }
        let expectedFolder = "\(Self.fixture)/expected"
        if ProcessInfo.processInfo.environment["DOCENT_UPDATE_GOLDEN"] == "1" {
            try? FileManager().removeItem(atPath: expectedFolder)
            for (path, data) in pages { try LocalFileSystem().write(data, to: "\(expectedFolder)/\(path)") }
        }
        let expected = TemporaryFolder.snapshot(of: expectedFolder)
        #expect(Set(pages.keys) == Set(expected.keys))
        for (path, data) in pages.sorted(by: { $0.key < $1.key }) {
            let actual = String(decoding: data, as: UTF8.self)
            let golden = expected[path].map { String(decoding: $0, as: UTF8.self) }
            #expect(actual == golden, "\(path) differs from its golden copy")
        }
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

    @Test("every internal link and image on every page resolves to a file")
    func linksResolve() throws {
        let (output, _) = try build()
        let broken = try LinkAudit.brokenLinks(in: "\(output.path)/site")
        #expect(broken.isEmpty, "broken links: \(broken)")
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
