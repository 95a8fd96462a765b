import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

@Suite("Writing the site")
struct SiteWriterTests {
    let writer = SiteWriter(fileSystem: LocalFileSystem())

    @Test("the site replaces the previous one, and no staging folder is left behind")
    func replaces() throws {
        let folder = try TemporaryFolder()
        try writer.write([.generated(path: "old/index.html", contents: "old")], to: "\(folder.path)/site")
        try writer.write([.generated(path: "index.html", contents: "new")], to: "\(folder.path)/site")
        #expect(try folder.read("site/index.html") == "new")
        #expect(!FileManager().fileExists(atPath: "\(folder.path)/site/old"))
        #expect(try FileManager().contentsOfDirectory(atPath: folder.path) == ["site"])
    }

    @Test("a site replaced while a reader watches is always there: one exchange, never a moment without it")
    func atomicSwap() throws {
        let folder = try TemporaryFolder()
        let output = "\(folder.path)/site"
        try writer.write([.generated(path: "index.html", contents: "v0")], to: output)
        let watching = ManagedAtomicFlag()
        let missing = ManagedAtomicFlag()
        let watcher = Thread {
            while !watching.isSet { if !FileManager().fileExists(atPath: output + "/index.html") { missing.set() } }
        }
        watcher.start()
        for version in 1...40 { try writer.write([.generated(path: "index.html", contents: "v\(version)")], to: output) }
        watching.set()
        #expect(!missing.isSet, "the site was missing for a moment")
        #expect(try folder.read("site/index.html") == "v40")
        #expect(try FileManager().contentsOfDirectory(atPath: folder.path) == ["site"])
    }

    @Test func twoFoldersAreExchangedInOneStep() throws {
        let folder = try TemporaryFolder().write(["a/x": "a", "b/y": "b"])
        #expect(LocalFileSystem().exchangeItems("\(folder.path)/a", "\(folder.path)/b"))
        #expect(try folder.read("a/y") == "b")
        #expect(try folder.read("b/x") == "a")
        #expect(!LocalFileSystem().exchangeItems("\(folder.path)/a", "\(folder.path)/missing"))
    }

    @Test("a failed write leaves the previous site byte for byte")
    func failureKeepsPrevious() throws {
        let folder = try TemporaryFolder()
        try writer.write([.generated(path: "index.html", contents: "v1")], to: "\(folder.path)/site")
        let before = try folder.snapshot("site")
        let failing: [OutputFile] = [.generated(path: "a.html", contents: "x"),
                                     .copied(path: "b.png", source: "\(folder.path)/does-not-exist.png")]
        #expect(diagnostics { try writer.write(failing, to: "\(folder.path)/site") }.count == 1)
        #expect(try folder.snapshot("site") == before)
        #expect(try FileManager().contentsOfDirectory(atPath: folder.path) == ["site"])
    }

    @Test("a folder docent did not make is never replaced, hidden files included")
    func refusesForeignFolder() throws {
        let folder = try TemporaryFolder().write(["site/.git/HEAD": "ref", "mine/notes.txt": "keep"])
        let found = diagnostics { try writer.write([], to: "\(folder.path)/site") }
        #expect(found.map(\.id) == [.writeNotMadeByDocent])
        #expect(found.map(\.location?.path) == ["\(folder.path)/site"])
        #expect(try folder.read("site/.git/HEAD") == "ref")
        #expect(diagnostics { try writer.write([], to: "\(folder.path)/mine") }.count == 1)
        #expect(try folder.read("mine/notes.txt") == "keep")
    }

    @Test("an output folder overlapping the inputs is refused before anything runs")
    func overlap() {
        #expect(diagnostics { try BuildConfiguration(contentDirectory: "content", outputDirectory: "content").validate() }.count == 1)
        #expect(diagnostics { try BuildConfiguration(contentDirectory: "content", outputDirectory: "content/site").validate() }.count == 1)
        #expect(diagnostics { try BuildConfiguration(contentDirectory: "x/content", outputDirectory: "x").validate() }.count == 1)
        #expect(diagnostics { try BuildConfiguration(outputDirectory: "site").validate() }.isEmpty)
    }
}

@Suite("The output folder never overlaps the inputs, links included")
struct OutputOverlapTests {
    @Test("--content reached through a symbolic link into the output folder is refused before anything runs")
    func symlinkIntoOutput() throws {
        let folder = try TemporaryFolder().write(["site/content/a.md": "# A\n", "site/.docent-site": ""])
        try FileManager().createSymbolicLink(atPath: "\(folder.path)/content", withDestinationPath: "\(folder.path)/site/content")
        let configuration = BuildConfiguration(contentDirectory: "\(folder.path)/content", templatesDirectory: "\(folder.path)/templates",
                                               outputDirectory: "\(folder.path)/site")
        let error = #expect(throws: Diagnostic.self) { try configuration.validate() }
        #expect(error?.id == .configOutputOverlapsInput)
        #expect(FileManager().fileExists(atPath: "\(folder.path)/site/content/a.md"))
    }

    @Test("an output folder that does not exist yet is compared through its existing parent")
    func missingOutput() throws {
        let folder = try TemporaryFolder().write(["content/a.md": "# A\n"])
        try FileManager().createSymbolicLink(atPath: "\(folder.path)/out", withDestinationPath: "\(folder.path)/content")
        let configuration = BuildConfiguration(contentDirectory: "\(folder.path)/content", templatesDirectory: "\(folder.path)/templates",
                                               outputDirectory: "\(folder.path)/out/site")
        #expect(throws: Diagnostic.self) { try configuration.validate() }
    }
}

@Suite("A folder docent did not make is refused before any snippet runs")
struct EarlyRefusalTests {
    @Test func refusedBeforeExecute() throws {
        let folder = try TemporaryFolder().write(["content/a.md": "# A\n\n```swift\nprint(1)\n```\n", "site/notes.txt": "mine"])
        let runner = FakeRunner()
        let found = diagnostics {
            _ = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: runner)
                .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", templatesDirectory: "\(folder.path)/templates",
                                          outputDirectory: "\(folder.path)/site"))
        }
        #expect(found.first?.id == .writeNotMadeByDocent)
        #expect(runner.ranArticles.isEmpty, "nothing ran")
        #expect(try folder.read("site/notes.txt") == "mine")
    }
}

@Suite("What a killed build left behind")
struct LeftoverFolderTests {
    /// A process id that runs nothing: one past a finished child's.
    static func deadProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("stale staging folders of a killed build are removed by the next one; a live one's are kept")
    func staleStaging() throws {
        let dead = try Self.deadProcess()
        let folder = try TemporaryFolder().write([
            ".site.docent-staging-dead/.docent-owner": String(dead), ".site.docent-staging-dead/big.html": "x",
            ".site.docent-staging-live/.docent-owner": String(getppid()),
        ])
        try SiteWriter(fileSystem: LocalFileSystem()).write([.generated(path: "index.html", contents: "hi")], to: "\(folder.path)/site")
        #expect(!FileManager().fileExists(atPath: "\(folder.path)/.site.docent-staging-dead"))
        #expect(FileManager().fileExists(atPath: "\(folder.path)/.site.docent-staging-live"))
        #expect(!FileManager().fileExists(atPath: "\(folder.path)/site/.docent-owner"))
    }
}

/// A flag set once from one thread and read from another.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
