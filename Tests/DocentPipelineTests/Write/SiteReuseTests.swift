import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

@Suite("A site that did not change is kept as it is, and any change is written")
struct SiteReuseTests {
    static let base: [OutputFile] = [.generated(path: "index.html", contents: "home"),
                                     .generated(path: "a/index.html", contents: "page a"),
                                     .data(path: "assets/style.css", contents: Data("body {}".utf8))]

    /// Two copies of a previous site (written from `base`, then touched by `touch`), and a build of `files` over each:
    /// one allowed to keep an unchanged site, one that always stages anew. A search step (`finish`) adds `pagefind/`
    /// as an indexer would, unless it is kept. Returns whether the first kept its site, after checking that both
    /// folders end up holding the same entries with the same bytes.
    func build(_ files: [OutputFile], keeping kept: String? = nil, touch: (String) throws -> Void = { _ in }) throws -> Bool {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(fileSystem: LocalFileSystem())
        var reused = false
        for (site, reuse) in [("reused", SiteWriter.Reuse.ifUnchanged(keeping: kept)), ("fresh", .never)] {
            let output = "\(folder.path)/\(site)"
            try writer.write(Self.base, to: output) { staging, _ in
                if kept != nil { try Data("index".utf8).write(to: URL(fileURLWithPath: "\(staging)/pagefind/index.js").creatingFolder()) }
            }
            try touch(output)
            let summary = try writer.write(files, to: output, reuse: reuse) { staging, changed in
                guard let kept else { return }
                if !changed, writer.carryOver(kept, from: output, into: staging) { return }
                try Data("new index".utf8).write(to: URL(fileURLWithPath: "\(staging)/\(kept)/index.js").creatingFolder())
            }
            if site == "reused" { reused = summary.reused }
        }
        #expect(try Self.entries(of: "\(folder.path)/reused") == Self.entries(of: "\(folder.path)/fresh"))
        #expect(TemporaryFolder.snapshot(of: "\(folder.path)/reused") == TemporaryFolder.snapshot(of: "\(folder.path)/fresh"))
        return reused
    }

    /// Every entry below `root`, folders, links and hidden files included.
    static func entries(of root: String) throws -> [String] {
        try FileManager().subpathsOfDirectory(atPath: root).sorted()
    }

    @Test("the same files over a site that holds exactly them: the site is left in place, inode for inode")
    func unchangedIsKept() throws {
        let folder = try TemporaryFolder()
        let output = "\(folder.path)/site"
        let writer = SiteWriter(fileSystem: LocalFileSystem())
        try writer.write(Self.base, to: output)
        let before = try FileManager().attributesOfItem(atPath: "\(output)/a/index.html")[.systemFileNumber] as? Int
        let folderBefore = try FileManager().attributesOfItem(atPath: output)[.systemFileNumber] as? Int
        let summary = try writer.write(Self.base, to: output, reuse: .ifUnchanged(keeping: nil)) { _, _ in Issue.record("finish ran") }
        #expect(summary.reused && summary.linked == 3 && summary.written == 0)
        #expect(try FileManager().attributesOfItem(atPath: "\(output)/a/index.html")[.systemFileNumber] as? Int == before)
        #expect(try FileManager().attributesOfItem(atPath: output)[.systemFileNumber] as? Int == folderBefore)
        #expect(try build(Self.base))
    }

    @Test("a page whose bytes changed, even by one byte of the same length, is written")
    func changedPage() throws {
        var files = Self.base
        files[1] = .generated(path: "a/index.html", contents: "page b")
        #expect(try !build(files))
    }

    @Test("a page added or gone, or moved to another folder, is seen")
    func addedOrRemoved() throws {
        #expect(try !build(Self.base + [.generated(path: "b/index.html", contents: "page b")]))
        #expect(try !build(Array(Self.base.dropLast())))
        #expect(try !build([Self.base[0], .generated(path: "c/index.html", contents: "page a"), Self.base[2]]))
    }

    @Test("what is in the output folder beside the site — a file, a hidden file, an empty folder, a link — is dropped as a new site drops it")
    func strayEntries() throws {
        #expect(try !build(Self.base) { try Data("x".utf8).write(to: URL(fileURLWithPath: "\($0)/notes.txt")) })
        #expect(try !build(Self.base) { try Data("x".utf8).write(to: URL(fileURLWithPath: "\($0)/a/.hidden")) })
        #expect(try !build(Self.base) { try FileManager().createDirectory(atPath: "\($0)/empty", withIntermediateDirectories: false) })
        #expect(try !build(Self.base) { try FileManager().createSymbolicLink(atPath: "\($0)/link.html", withDestinationPath: "index.html") })
        #expect(try !build(Self.base) { try Data("other".utf8).write(to: URL(fileURLWithPath: "\($0)/.docent-site")) })
    }

    @Test("a copied file whose source changed is copied again")
    func copiedSource() throws {
        let folder = try TemporaryFolder().write(["logo.svg": "<svg/>"])
        let copied: [OutputFile] = Self.base + [.copied(path: "logo.svg", source: "\(folder.path)/logo.svg")]
        let writer = SiteWriter(fileSystem: LocalFileSystem())
        let output = "\(folder.path)/site"
        try writer.write(copied, to: output)
        #expect(try writer.write(copied, to: output, reuse: .ifUnchanged(keeping: nil)).reused)
        try Data("<svg></svg>".utf8).write(to: URL(fileURLWithPath: "\(folder.path)/logo.svg"))
        #expect(try !writer.write(copied, to: output, reuse: .ifUnchanged(keeping: nil)).reused)
        #expect(try folder.read("site/logo.svg") == "<svg></svg>")
    }

    @Test("the search index is kept only when the build keeps it: a build without search drops it, one with search and no index makes one")
    func searchIndex() throws {
        #expect(try build(Self.base, keeping: "pagefind"))
        #expect(try !build(Self.base, keeping: "pagefind") { try FileManager().removeItem(atPath: "\($0)/pagefind") })
        #expect(try !build(Self.base, keeping: "pagefind") { try Data("x".utf8).write(to: URL(fileURLWithPath: "\($0)/pagefind/.cache")) })
        #expect(try !build(Self.base) { try Data("index".utf8).write(to: URL(fileURLWithPath: "\($0)/pagefind/index.js").creatingFolder()) })
    }

    /// An indexer that writes `pagefind/index.js`, or, when it is not installed, only says so.
    struct Indexer: SearchIndexing {
        var isAvailable: Bool
        func index(site: String) throws -> Diagnostic? {
            guard isAvailable else { return .warning(DiagnosticID("test.fixture"), at: nil, "not installed") }
            try Data("index".utf8).write(to: URL(fileURLWithPath: "\(site)/pagefind/index.js").creatingFolder())
            return nil
        }
    }

    @Test("a build with search keeps an unchanged site with its index; without Pagefind it keeps it and still warns; without search the index goes")
    func searchWrite() throws {
        let folder = try TemporaryFolder()
        let output = "\(folder.path)/site"
        let writer = SiteWriter(fileSystem: LocalFileSystem())
        let inode = { try FileManager().attributesOfItem(atPath: output)[.systemFileNumber] as? Int }
        #expect(try writer.write(Self.base, to: output, searchIndexer: Indexer(isAvailable: true)) == nil)
        var before = try inode()
        #expect(try writer.write(Self.base, to: output, searchIndexer: Indexer(isAvailable: true)) == nil)
        #expect(try inode() == before, "kept with its index")
        #expect(try folder.read("site/pagefind/index.js") == "index")
        #expect(try writer.write(Self.base, to: output, searchIndexer: nil) == nil)
        #expect(!FileManager().fileExists(atPath: "\(output)/pagefind"), "no search: the index goes")
        before = try inode()
        #expect(try writer.write(Self.base, to: output, searchIndexer: Indexer(isAvailable: false))?.message == "not installed")
        #expect(try inode() == before, "kept, and the warning given all the same")
        #expect(try writer.write(Self.base, to: output, searchIndexer: Indexer(isAvailable: true)) == nil)
        #expect(try folder.read("site/pagefind/index.js") == "index", "an indexer that can run again indexes")
    }

    @Test("a file system that cannot list a folder exactly never keeps a site")
    func noExactWalk() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(fileSystem: FileErrorTextTests.RefusingWrites())
        try SiteWriter(fileSystem: LocalFileSystem()).write(Self.base, to: "\(folder.path)/site")
        #expect(!writer.isAlreadyWritten(Self.base, at: "\(folder.path)/site", keeping: nil))
        #expect(SiteWriter(fileSystem: LocalFileSystem()).isAlreadyWritten(Self.base, at: "\(folder.path)/site", keeping: nil))
    }
}

private extension URL {
    /// This file's URL, after making its folder.
    func creatingFolder() throws -> URL {
        try FileManager().createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
