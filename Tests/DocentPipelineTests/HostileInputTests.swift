import DocentCore
import DocentSwift
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DocentPipeline

/// Hostile content (issue 20, findings 4, 5 and 11): each is refused or contained with a located message, and
/// nothing crashes or hangs.
@Suite("Hostile content")
struct HostileInputTests {
    private func build(_ files: [String: String], in folder: TemporaryFolder? = nil,
                       reporter: RecordingReporter = RecordingReporter()) throws -> TemporaryFolder {
        let folder = try (folder ?? TemporaryFolder()).write(files)
        _ = try Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: FakeRunner(),
                         clock: { Date(timeIntervalSince1970: 1_795_000_000) }, searchIndexer: nil)
            .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", outputDirectory: "\(folder.path)/site"))
        return folder
    }

    private static func snippet(_ code: String) -> String {
        article(body: "\nIntro.\n\n```swift\n\(code)\n```\n")
    }

    // MARK: - Finding 4: Swift that swift-syntax cannot read in bounded time

    @Test("`[` nested 26 and 3,000 deep: an error at the 11th `[` in the file, not a 16 s parse or a crash")
    func deepSquareBrackets() throws {
        for depth in [26, 3_000] {
            let code = "let x = " + String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            let found = diagnostics { _ = try SnippetExtractor().extract(try parsedArticle(Self.snippet(code))) }
            // Front matter (4 lines), a blank line, "Intro.", a blank line, the fence: the code is on line 9.
            #expect(found.map(\.id) == [.extractSquareBracketsTooDeep])
            #expect(found.map(\.location) == [SourceLocation(path: "content/x.md", line: 9, column: 19)])
        }
    }

    @Test("3,000 nested parentheses inside a block quote: located past the `> ` prefix")
    func deepParenthesesInQuote() throws {
        let code = "let x = " + String(repeating: "(", count: 3_000) + "1" + String(repeating: ")", count: 3_000)
        let text = article(body: "\n> ```swift\n> // first\n> \(code)\n> ```\n")
        let found = diagnostics { _ = try SnippetExtractor().extract(try parsedArticle(text)) }
        #expect(found.map(\.location?.description) == ["content/x.md:8:75"])
        #expect(found.first?.id == .extractNestedTooDeep)
    }

    @Test("analysis past its time limit is an error at the snippet's fence")
    func slowAnalysis() throws {
        let limits = AnalysisLimits(maximumBytes: 1 << 20, maximumDepth: 64, maximumSquareBracketDepth: 10, timeLimit: .zero)
        let fence = SourceLocation(path: "content/x.md", line: 6, column: 1)
        let found = diagnostics {
            _ = try SnippetAnalysis(code: "let x = 1", of: fence, limits: limits) { SourceLocation(path: "content/x.md", line: $0, column: $1) }
        }
        #expect(found.map(\.id) == [.extractTooSlow])
        #expect(found.map(\.location) == [fence])
    }

    // MARK: - Finding 5: Markdown nested 100,000 deep

    @Test("100,000 levels of `>` or `- `: a located error in Parse, not a crash while freeing the tree")
    func deepMarkdown() throws {
        let quotes = String(repeating: "> ", count: 100_000) + "deep\n"
        var found = diagnostics { _ = try parsedArticle(article(body: "\n" + quotes)) }
        // The document is level 0, so quote k is level k: quote 10,001, left out, starts at byte 2 × 10,000 + 1 of line 6.
        #expect(found.map(\.location?.description) == ["content/x.md:6:20001"])
        #expect(found.first?.message == "Markdown nested more than 10000 levels deep here; docent reads block quotes, "
                + "lists and inline markup nested at most 10000 deep")
        let list = String(repeating: "- ", count: 100_000) + "deep\n"
        found = diagnostics { _ = try parsedArticle(article(body: "\n" + list)) }
        #expect(found.count == 1)
        #expect(found.first?.location?.line == 6)
        // 9,998 quotes, their paragraph and its text are 10,000 levels: read whole.
        let fine = try parsedArticle(article(body: "\n" + String(repeating: "> ", count: 9_998) + "fine\n"))
        #expect(fine.body.tooDeep == nil && fine.body.root.plainText == "fine")
    }

    @Test("a whole build of a 100,000-deep article fails with the error and writes no site")
    func deepMarkdownBuild() throws {
        let folder = try TemporaryFolder()
        let found = diagnostics {
            _ = try build(["content/deep.md": article(body: "\n" + String(repeating: "> ", count: 100_000) + "x\n")], in: folder)
        }
        #expect(found.map(\.location?.description) == ["\(folder.path)/content/deep.md:6:20001"])
        #expect(!FileManager().fileExists(atPath: "\(folder.path)/site"))
    }

    // MARK: - Finding 11: control characters in XML, names that are not UTF-8, links out of the content folder

    @Test("control characters in a title, summary, tag or file name leave feed.xml and sitemap.xml well-formed")
    func controlCharactersInXML() throws {
        let folder = try build([
            "content/site.yml": "title: \"Site\\a\"\nbase-url: https://example.org/\n",
            "content/bell\u{7}.md": article("\"Bell\\a \\x01 & <b>\"", extra: "summary: \"Tab\\t\\x0B\\x1F ok\"\ntags: [\"t\\x02\"]\n"),
        ])
        let feed = try folder.read("site/feed.xml")
        let sitemap = try folder.read("site/sitemap.xml")
        for xml in [feed, sitemap] {
            #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
            #if canImport(FoundationXML)
            #expect(XMLParser(data: Data(xml.utf8)).parse(), "\(xml)")
            #endif
        }
        #expect(feed.contains("<title>Bell\u{FFFD} \u{FFFD} &amp; &lt;b&gt;</title>"))
        #expect(feed.contains("<summary>Tab\t\u{FFFD}\u{FFFD} ok</summary>"))
        #expect(feed.contains("<category term=\"t\u{FFFD}\"/>"))
        #expect(XMLText.escape("a'b\"c\u{FFFE}\u{FFFF}\u{80}é") == "a&#39;b&quot;c\u{FFFD}\u{FFFD}\u{80}é")
    }

    /// Creates a file whose name is `name`'s raw bytes.
    private static func createFile(in folder: String, named name: [UInt8], text: String) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0)
        let bytes = Array(text.utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
        close(descriptor)
    }

    @Test("an article whose name is not UTF-8 is an error naming its bytes; such an asset, a warning")
    func namesNotUTF8() throws {
        let folder = try TemporaryFolder().write(["content/fine.md": article()])
        try Self.createFile(in: "\(folder.path)/content", named: Array("caf".utf8) + [0xE9] + Array(".md".utf8), text: article())
        try Self.createFile(in: "\(folder.path)/content", named: [0xFF, 0x5C] + Array("x.png".utf8), text: "png")
        let listing = try LocalFileSystem().listing(under: "\(folder.path)/content")
        #expect(listing.files == ["fine.md"])
        #expect(listing.skipped == [.init(path: "\\xFF\\x5Cx.png", reason: .nameNotUTF8), .init(path: "caf\\xE9.md", reason: .nameNotUTF8)])
        let found = diagnostics { _ = try ContentLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/content") }
        #expect(found.map(\.id) == [.loadArticleNameNotUTF8])
        #expect(found.map(\.location?.description) == ["\(folder.path)/content/caf\\xE9.md:1:1"])
        let articlePath = Array("\(folder.path)/content/caf".utf8) + [0xE9] + Array(".md".utf8) + [0]
        #expect(articlePath.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } } == 0)
        let content = try ContentLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/content")
        #expect(content.articles.map(\.relativePath) == ["fine.md"])
        #expect(content.warnings.map(\.id) == [.loadFileNameNotUTF8])
        #expect(content.warnings.map(\.location?.description) == ["\(folder.path)/content/\\xFF\\x5Cx.png:1:1"])
    }

    @Test("a symbolic link to a file or folder outside the content folder is neither followed nor published, with a warning")
    func linksLeavingContent() throws {
        let folder = try TemporaryFolder().write(["content/real.md": article("Real"), "content/inner/in.md": article("In"),
                                                  "secret/passwd.md": article("Secret"), "secret/key.txt": "key"])
        let files = FileManager()
        try files.createSymbolicLink(atPath: "\(folder.path)/content/passwd.md", withDestinationPath: "../secret/passwd.md")
        try files.createSymbolicLink(atPath: "\(folder.path)/content/secrets", withDestinationPath: "\(folder.path)/secret")
        try files.createSymbolicLink(atPath: "\(folder.path)/content/again.md", withDestinationPath: "inner/in.md")
        let reporter = RecordingReporter()
        _ = try build([:], in: folder, reporter: reporter)
        let secret = URL(fileURLWithPath: "\(folder.path)/secret").resolvingSymlinksInPath().path
        #expect(reporter.diagnostics.filter { $0.id == .loadLinkLeavesContent }.map(\.description) == [
            "\(folder.path)/content/passwd.md:1:1: warning: this symbolic link leads out of the content folder, to '\(secret)/passwd.md'; "
                + "it is neither followed nor published\n  note: copy what it links to into the content folder, or link to a place inside it",
            "\(folder.path)/content/secrets:1:1: warning: this symbolic link leads out of the content folder, to '\(secret)'; "
                + "it is neither followed nor published\n  note: copy what it links to into the content folder, or link to a place inside it",
        ])
        let site = TemporaryFolder.snapshot(of: "\(folder.path)/site").keys.sorted()
        #expect(site.contains("real/index.html") && site.contains("again/index.html") && site.contains("inner/in/index.html"), "\(site)")
        #expect(!site.contains { $0.hasPrefix("passwd") || $0.hasPrefix("secrets") || $0.contains("key.txt") }, "\(site)")
    }
}
