import DocentCore
import DocentPipelineTestSupport
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

/// The user's files only through the `FileSystem` seam: a whole build, Load … Write, on a site held in memory.
@Suite("A build on an in-memory file system")
struct MemoryPipelineTests {
    @Test("Load … Write runs a small site (articles, a nested one, an asset, site.yml) with no disk, and a rebuild replaces it")
    func wholeBuild() throws {
        let root = "/docent-memory-\(UUID().uuidString)"
        let files = MemoryFileSystem([
            "\(root)/content/site.yml": "title: In Memory\n",
            "\(root)/content/first.md": article("First", body: "See [the second](guide/second.md).\n\n![Logo](logo.txt)\n"),
            "\(root)/content/guide/second.md": article("Second", date: "2026-01-03"),
            "\(root)/content/logo.txt": "not really an image",
            "\(root)/content/.hidden.md": article("Hidden"),
            "\(root)/content/_drafts/later.md": article("Later"),
        ])
        let pipeline = Pipeline(fileSystem: files, reporter: RecordingReporter(), toolchain: FakeRunner(),
                                clock: { Date(timeIntervalSince1970: 1_795_000_000) })
        let configuration = BuildConfiguration(contentDirectory: "\(root)/content", outputDirectory: "\(root)/site")
        let summary = try pipeline.build(configuration)

        #expect(summary.articles == 2)
        #expect(files.text("\(root)/site/first/index.html")?.contains("In Memory") == true)
        #expect(files.text("\(root)/site/first/index.html")?.contains("href=\"../guide/second/\"") == true)
        #expect(files.text("\(root)/site/guide/second/index.html") != nil)
        #expect(files.text("\(root)/site/logo.txt") == "not really an image")
        #expect(files.text("\(root)/site/hidden/index.html") == nil && files.text("\(root)/site/later/index.html") == nil)
        #expect(files.fileExists("\(root)/site/\(SiteWriter.marker)"))
        #expect(!FileManager().fileExists(atPath: root), "the build touched the disk")

        try files.removeItem("\(root)/content/guide/second.md")
        try files.write(Data(article("First", body: "Changed.\n").utf8), to: "\(root)/content/first.md")
        #expect(try pipeline.build(configuration).articles == 1)
        #expect(files.text("\(root)/site/guide/second/index.html") == nil)
        #expect(files.text("\(root)/site/first/index.html")?.contains("Changed.") == true)
        let besides = Set(files.all.keys.filter { $0.hasPrefix(root + "/") }.map { $0.dropFirst(root.count + 1).prefix { $0 != "/" } })
        #expect(besides == ["content", "site"], "a staging folder was left behind")
    }
}
