import DocentCore
import DocentPipeline
import Foundation
import Testing
@testable import DocentServe

/// `docent build` (Load) and `docent serve` (its watcher) must agree about what the content is: every file Load reads
/// is watched, and a watched file Load does not read is only ever in a `_` folder it skips on purpose.
@Suite("Build and serve see the same files")
struct BuildServeAgreementTests {
    @Test("for a tricky tree (links in and out, hidden and scratch files, odd names, a built site, `_` folders)")
    func sameFiles() throws {
        let root = FileManager().temporaryDirectory.appendingPathComponent("docent-agree-\(UUID().uuidString)").path
        defer { try? FileManager().removeItem(atPath: root) }
        let content = "\(root)/content"
        let files = ["index.md": "# Home\n", "guide/intro.md": "# Intro\n", "notes.txt~": "x", ".draft.md": "# D\n",
                     "a.md.swp": "x", "4913": "", "img/logo.png": "png", "_drafts/later.md": "# Later\n",
                     "_support/Support.swift": "public let x = 1\n", "_support/README.txt": "x", "old/.docent-site": "",
                     "old/index.html": "<p>", "space name.md": "# S\n", "site.yml": "title: T\n",
                     "elsewhere/shared.md": "# Shared\n"]
        for (path, text) in files { try LocalFileSystem().write(Data(text.utf8), to: "\(content)/\(path)") }
        try LocalFileSystem().write(Data("# Outside\n".utf8), to: "\(root)/outside/o.md")
        let links = ["linked.md": "elsewhere/shared.md", "linked-dir": "guide", "out": "../outside", "dangling.md": "nothing.md",
                     "guide/up": ".."]
        for (path, destination) in links {
            try FileManager().createSymbolicLink(atPath: "\(content)/\(path)", withDestinationPath: destination)
        }

        let loaded = try ContentLoader(fileSystem: LocalFileSystem()).load(from: content)
        let read = Set(loaded.articles.map(\.relativePath) + loaded.assets + loaded.supportSources.map(\.relativePath)
                       + (loaded.siteConfig.map { [$0.relativePath] } ?? []))

        let real = URL(fileURLWithPath: content).resolvingSymlinksInPath().path
        let watched = Set(ChangeWatcher(roots: [content]).snapshot().keys.map { String($0.dropFirst(real.count + 1)) })

        #expect(read.isSubset(of: watched), "read but not watched: \(read.subtracting(watched).sorted())")
        #expect(watched.subtracting(read).sorted() == ["_drafts/later.md", "_support/README.txt"])
        #expect(read.contains("linked.md") && read.contains("linked-dir/intro.md"))
        #expect(!read.contains("notes.txt~") && !read.contains("old/index.html"))
    }

    @Test("an edit to a linked article's target is a change the watcher sees")
    func linkedEdit() throws {
        let root = FileManager().temporaryDirectory.appendingPathComponent("docent-agree-\(UUID().uuidString)").path
        defer { try? FileManager().removeItem(atPath: root) }
        try LocalFileSystem().write(Data("# A\n".utf8), to: "\(root)/content/shared/a.md")
        try FileManager().createSymbolicLink(atPath: "\(root)/content/a.md", withDestinationPath: "shared/a.md")
        let watcher = ChangeWatcher(roots: ["\(root)/content"])
        watcher.takeFirstLook()
        try LocalFileSystem().write(Data("# A, longer\n".utf8), to: "\(root)/content/shared/a.md")
        let real = URL(fileURLWithPath: "\(root)/content").resolvingSymlinksInPath().path
        #expect(watcher.look() == ["\(real)/a.md", "\(real)/shared/a.md"])
    }
}
