import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// `--shard K/N` splits the articles stably, and the shards together hold every test case exactly once;
/// `--jobs N` runs articles at once and keeps the report in article order.
@Suite struct ShardAndJobsTests {
    func folder() throws -> TemporaryFolder {
        var files: [String: String] = ["content/prose.md": "# Only prose\n"]
        for name in ["e", "b", "a", "d", "c", "f", "g"] {
            files["content/\(name).md"] = "# \(name)\n\n```swift\nprint(1)\n```\n\n```swift\nprint(2)\n```\n"
        }
        return try TemporaryFolder().write(files)
    }

    func names(_ configuration: TestConfiguration) throws -> [String] {
        try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner())
            .test(configuration).cases.map(\.name)
    }

    @Test("the shards of 2 and of 3 each merge to exactly the full run", arguments: [2, 3])
    func shardsMerge(count: Int) throws {
        let folder = try folder()
        let content = "\(folder.path)/content"
        let full = try names(TestConfiguration(contentDirectory: content))
        var merged: [String] = []
        for index in 1...count {
            let part = try names(TestConfiguration(contentDirectory: content, shard: .init(index: index, count: count)))
            #expect(!part.isEmpty)
            merged += part
        }
        #expect(merged.sorted() == full.sorted())
        #expect(Set(merged).count == merged.count, "no case in two shards")
    }

    @Test func shardsAreStable() throws {
        let folder = try folder()
        let shard = TestConfiguration(contentDirectory: "\(folder.path)/content", shard: .init(index: 2, count: 3))
        #expect(try names(shard) == names(shard))
    }

    @Test func shardTextIsChecked() {
        #expect(TestConfiguration.Shard("2/3") == .init(index: 2, count: 3))
        for text in ["0/3", "4/3", "1/0", "a/b", "1/2/3", ""] { #expect(TestConfiguration.Shard(text) == nil, "\(text)") }
    }

    @Test("several jobs give the same report, in article order, as one")
    func jobsKeepOrder() throws {
        let folder = try folder()
        let content = "\(folder.path)/content"
        #expect(try names(TestConfiguration(contentDirectory: content, jobs: 4)) == names(TestConfiguration(contentDirectory: content, jobs: 1)))
    }
}
