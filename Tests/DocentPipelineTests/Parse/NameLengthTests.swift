import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Issue 36, failure 9: a front-matter value that becomes a file or folder name (slug, series, tags) past a file
/// name's limit is an error at its line in the front matter, not a file-system error dump from Write; a whole output
/// path over PATH_MAX is an error at the output folder.
@Suite("Names too long for a file system")
struct NameLengthTests {
    private func found(_ extra: String) -> [Diagnostic] {
        diagnostics { _ = try ContentParser.parseArticle(SourceFile(path: "content/a.md", relativePath: "a.md", text: article(extra: extra))) }
    }

    @Test("a 300-byte slug is an error at the slug's line")
    func longSlug() {
        let problems = found("slug: \(String(repeating: "a", count: 300))\n")
        #expect(problems.map(\.location?.description) == ["content/a.md:4:7"])
        #expect(problems.first?.message == "'slug' makes a folder name of 300 bytes; a name may be at most 240 bytes (UTF-8)")
    }

    @Test("a tag of 128 two-byte letters (256 bytes) and a 300-letter series: each at its line")
    func longTagAndSeries() {
        let tag = String(repeating: "é", count: 128)
        let problems = found("series: \(String(repeating: "s", count: 300))\ntags: [swift, \(tag)]\n")
        #expect(problems.map(\.location?.description) == ["content/a.md:4:9", "content/a.md:5:7"])
        #expect(problems.last?.id == .parseFrontMatterNameTooLong)
    }

    @Test("names at the limit are fine")
    func atLimit() {
        let name = String(repeating: "a", count: Slug.maximumBytes)
        #expect(found("slug: \(name)\nseries: \(name)\ntags: [\(name)]\n").isEmpty)
    }

    @Test("a build with a 300-byte tag stops at the front matter, not in Write")
    func build() throws {
        let folder = try TemporaryFolder().write(["content/a.md": article(extra: "tags: [\(String(repeating: "t", count: 300))]\n")])
        let problems = diagnostics {
            _ = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner(), searchIndexer: nil)
                .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", outputDirectory: "\(folder.path)/site"))
        }
        #expect(problems.map(\.location?.description) == ["\(folder.path)/content/a.md:4:7"])
    }

    @Test("docent new with a 400-letter title names the file within the limit, cut at a word")
    func newArticleName() {
        let title = String(repeating: "word ", count: 80)
        let path = ArticleScaffold(title: title, today: ArticleDate(year: 2026, month: 1, day: 2)!).relativePath
        #expect(path.utf8.count <= Slug.maximumBytes + 3)
        #expect(path.hasSuffix("-word.md"))
    }

    @Test("a site file whose whole path passes PATH_MAX is an error at the output folder, nothing written")
    func pathMax() throws {
        let folder = try TemporaryFolder()
        let deep = Array(repeating: String(repeating: "d", count: 200), count: 21).joined(separator: "/")
        let files: [OutputFile] = [.generated(path: "index.html", contents: "home"), .generated(path: deep + "/index.html", contents: "x")]
        let problems = diagnostics { try SiteWriter(fileSystem: LocalFileSystem()).write(files, to: "\(folder.path)/site") }
        #expect(problems.map(\.location?.description) == ["\(folder.path)/site:1:1"])
        #expect(problems.first?.id == .writePathTooLong)
        #expect(!FileManager().fileExists(atPath: "\(folder.path)/site"))
    }
}
