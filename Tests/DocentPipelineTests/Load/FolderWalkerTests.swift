import DocentCore
import DocentPipelineTestSupport
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

/// The one walk of the user's folders (Load, the package scan, `docent serve`'s watcher): its rules, on disk and in
/// memory.
@Suite("FolderWalker: one set of rules for the user's folders")
struct FolderWalkerTests {
    /// `content/` with `files`, and `links` (path → destination) made as symbolic links.
    private func tree(_ files: [String: String], links: [String: String] = [:]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder().write(files.mapKeys { "content/\($0)" })
        for (path, destination) in links {
            try FileManager().createSymbolicLink(atPath: "\(folder.path)/content/\(path)", withDestinationPath: destination)
        }
        return folder
    }

    @Test("hidden names, editor scratch files and a site docent wrote are not there; `_` folders are (Load's own rule)")
    func hiddenAndScratch() throws {
        let folder = try tree(["a.md": "", ".hidden.md": "", ".git/config": "", "a.md~": "", ".a.md.swp": "", "b.swp": "",
                               "b.swx": "", "4913": "", "_drafts/d.md": "", "old-site/.docent-site": "", "old-site/index.html": "",
                               "x~y.md": ""])
        let walk = try FolderWalker().walk("\(folder.path)/content")
        #expect(walk.files == ["_drafts/d.md", "a.md", "x~y.md"])
        #expect(walk.skipped.isEmpty)
    }

    @Test("a link inside is followed (file and folder, stamped as its target); one leading out, nowhere or back up is reported")
    func links() throws {
        let folder = try tree(["real.md": "12345", "dir/deep.md": ""],
                              links: ["linked.md": "real.md", "dirlink": "dir", "out": "/etc", "dangling.md": "missing.md",
                                      "dir/up": ".."])
        let walk = try FolderWalker().walk("\(folder.path)/content")
        #expect(walk.files == ["dir/deep.md", "dirlink/deep.md", "linked.md", "real.md"])
        #expect(walk.entries.first { $0.path == "linked.md" }?.status.size == 5)
        let real = URL(fileURLWithPath: "\(folder.path)/content").resolvingSymlinksInPath().path
        #expect(walk.skipped == [
            .init(path: "dangling.md", reason: .linkLeadsNowhere(destination: "missing.md")),
            .init(path: "dir/up", reason: .linkLoops(target: real)),
            .init(path: "dirlink/up", reason: .linkLoops(target: real)),
            .init(path: "out", reason: .linkLeavesFolder(target: "/etc")),
        ])
    }

    @Test("a link to itself, and two links to each other, end the walk with a report each")
    func linkCycles() throws {
        let folder = try tree(["a.md": ""], links: ["self": "self", "ping": "pong", "pong": "ping"])
        let walk = try FolderWalker().walk("\(folder.path)/content")
        #expect(walk.files == ["a.md"])
        #expect(walk.skipped.map(\.path) == ["ping", "pong", "self"])
        #expect(walk.skipped.allSatisfy { if case .linkLeadsNowhere = $0.reason { true } else { false } })
    }

    @Test("with links kept (the package scan), a link is an entry holding its destination, never followed")
    func keptLinks() throws {
        let folder = try tree(["real.swift": "", "dir/deep.swift": ""], links: ["linked.swift": "real.swift", "dirlink": "dir",
                                                                                 "out": "/etc"])
        let walk = try FolderWalker(links: .keep).walk("\(folder.path)/content")
        #expect(walk.entries.map(\.path) == ["dir", "dir/deep.swift", "dirlink", "linked.swift", "out", "real.swift"])
        #expect(walk.entries.first { $0.path == "dirlink" }?.kind == .link("dir"))
        #expect(walk.skipped.isEmpty)
    }

    @Test("a name that is not UTF-8 is reported with its bytes escaped; odd but valid names are walked")
    func oddBytes() throws {
        let folder = try tree(["a b.md": "", "new\nline.md": "", "café.md": "", "tab\t.md": ""])
        let bad = (Array("\(folder.path)/content/caf".utf8) + [0xE9] + Array(".md".utf8) + [0]).map { CChar(bitPattern: $0) }
        let made = open(bad, O_CREAT | O_WRONLY, 0o644)
        #expect(made >= 0)
        close(made)
        let walk = try FolderWalker().walk("\(folder.path)/content")
        #expect(walk.files == ["a b.md", "café.md", "new\nline.md", "tab\t.md"])
        #expect(walk.skipped == [.init(path: "caf\\xE9.md", reason: .nameNotUTF8)])
    }

    @Test("a folder that cannot be read is reported and the walk goes on; Load makes it an error at the folder")
    func unreadable() throws {
        let files = MemoryFileSystem(["/c/a.md": "# A\n", "/c/locked/b.md": "# B\n", "/c/z/c.md": "# C\n"])
        files.unreadable = ["/c/locked"]
        let walk = try FolderWalker(source: files).walk("/c")
        #expect(walk.files == ["a.md", "z/c.md"])
        #expect(walk.skipped == [.init(path: "locked", reason: .unreadable("Permission denied"))])
        let found = diagnostics { _ = try ContentLoader(fileSystem: files).load(from: "/c") }
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.location?.path == "/c/locked")
    }

    @Test("on disk, a folder without permission is unreadable (as a user other than root)", .enabled(if: getuid() != 0))
    func unreadableOnDisk() throws {
        let folder = try tree(["a.md": "", "locked/b.md": ""])
        chmod("\(folder.path)/content/locked", 0)
        defer { chmod("\(folder.path)/content/locked", 0o755) }
        let walk = try FolderWalker().walk("\(folder.path)/content")
        #expect(walk.files == ["a.md"])
        #expect(walk.skipped.map(\.path) == ["locked"])
    }

    @Test("an excluded folder is never entered, nor a link leading to it")
    func excluded() throws {
        let folder = try tree(["a.md": "", "site/index.html": ""], links: ["again": "site"])
        let root = URL(fileURLWithPath: "\(folder.path)/content").resolvingSymlinksInPath().path
        let walk = try FolderWalker(excluding: ["\(root)/site"]).walk(root)
        #expect(walk.files == ["a.md"])
    }

    @Test("Load reports each link it leaves out at the link, as a warning")
    func loadWarnsAtLinks() throws {
        let folder = try tree(["a.md": "# A\n"], links: ["dangling.md": "missing.md", "up": ".", "out": "/etc"])
        let content = try ContentLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/content")
        #expect(content.articles.map(\.relativePath) == ["a.md"])
        #expect(content.warnings.map(\.severity) == [.warning, .warning, .warning])
        #expect(content.warnings.compactMap { $0.location?.path }
                == ["dangling.md", "out", "up"].map { "\(folder.path)/content/\($0)" })
    }

    @Test("the in-memory file system walks by the same rules as the disk")
    func memoryAgrees() throws {
        let files = ["a.md": "", ".h.md": "", "b.md~": "", "_support/S.swift": "", "built/.docent-site": "", "built/x.html": ""]
        let disk = try tree(files, links: ["l.md": "a.md", "out": "/etc"])
        let memory = MemoryFileSystem(files.mapKeys { "/c/\($0)" })
        memory.link("/c/l.md", to: "a.md")
        memory.link("/c/out", to: "/etc")
        #expect(try memory.listing(under: "/c").files == LocalFileSystem().listing(under: "\(disk.path)/content").files)
        #expect(try memory.listing(under: "/c").skipped.map(\.path) == ["out"])
    }
}

extension Dictionary where Key == String {
    /// The same values under new keys.
    fileprivate func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
