import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Every diagnostic Load, Parse, Extract, Weave and Write make for bad input has an ID in its own stage's namespace,
/// so logic and tests can match on IDs alone.
@Suite("Diagnostic IDs: bad input to every stage gives classified diagnostics")
struct DiagnosticIDCoverageTests {
    private static let head = "---\ntitle: T\ndate: 2026-01-02\n---\n"

    private func parsing(_ text: String) -> [Diagnostic] {
        diagnostics { _ = try parsedArticle(text) }
    }

    private func extracting(_ body: String) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let errors = diagnostics { warnings = try SnippetExtractor().extract(try parsedArticle(Self.head + body)).flatMap(\.warnings) }
        return errors + warnings
    }

    private func weaving(_ body: String) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let errors = diagnostics {
            let page = try parsedArticle(Self.head + body)
            let woven = try PageWeaver(articles: [page], assets: []).weave(page)
            warnings = woven.warnings
            try LinkChecker().check([woven])
        }
        return errors + warnings
    }

    static let badFrontMatter = [
        "---\ntitle: x\n", "---\n- a\n---\n", "---\ntitle: T\ndate: 2026-13-01\n---\n", "---\nsummary: s\n---\n",
        "---\ntitle: T\ndate: 2026-01-01\ntgas: [a]\n---\n", "---\ntitle: T\ntitle: U\ndate: 2026-01-01\n---\n",
        "---\ntitle: T\ndate: 2026-01-01\norder: first\ndraft: maybe\nslug: a/b\nlayout: wide\n---\n",
        "---\ntitle: T\ndate: 2026-01-01\ntags: {a: b}\ntimezone: Mars/Olympus\n---\n", "---\ntitle: [a\n---\n",
        "---\ntitle: T\ndate: 2026-01-01\ntags: [[a]]\nimports: {a: b}\n---\n",
    ]

    static let badSnippets = [
        "```swift frobnicate\nlet a = 1\n```\n", "```swift args=\"a\" args=\"b\"\nlet a = 1\n```\n",
        "```swift values=all\nlet a = 1\n```\n", "```swift compile-fail=\"\"\nlet a = 1\n```\n",
        "```swift hidden=yes\nlet a = 1\n```\n", "```swift hidden no-run\nlet a = 1\n```\n",
        "```swift no-run values=none\nlet a = 1\n```\n", "```output\nhi\n```\n",
        "```swift\nlet a = 1\n// => 1\n```\n", "```swift no-run\nlet a = 1 // => 1\nprint(a) // Prints \"1\"\n```\n```output\n1\n```\n",
        "```swift compile-fail=\"open\nlet a = 1\n```\n", "```swift args=\"x\"\nlet a = 1\n```\n",
        "```swift\nlet a = 1\n// docent:quiet\n```\n", "```swift no-run\nlet a = 1 // docent:quiet\n```\n",
        "```swift\nprint(1) // Prints \"1\n```\n",
    ]

    static let badPages = [
        "[a](missing.md)\n", "![](missing.png)\n", "<doc:Nothing>\n", "[a](#nowhere)\n", "@Frobnicate {\nText\n}\n",
        "@Image\n",
    ]

    @Test("Parse: front matter and YAML", arguments: badFrontMatter)
    func parse(text: String) {
        let found = parsing(text)
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.id.namespace == "parse" }, "\(found.map(\.id))")
    }

    @Test("Extract: attributes and comments", arguments: badSnippets)
    func extract(body: String) {
        let found = extracting(body)
        #expect(!found.isEmpty, "\(body)")
        #expect(found.allSatisfy { $0.id.namespace == "extract" }, "\(found.map(\.id))")
    }

    @Test("Weave: links, images and directives", arguments: badPages)
    func weave(body: String) {
        let found = weaving(body)
        #expect(!found.isEmpty, "\(body)")
        #expect(found.allSatisfy { $0.id.namespace == "weave" }, "\(found.map(\.id))")
    }

    @Test("Load, Parse of the folder, and Write: folders, files and templates")
    func folders() throws {
        let folder = try TemporaryFolder().write([
            "content/a.md": Self.head, "content/b.md": "---\ntitle: T\ndate: 2026-01-02\nslug: a\n---\n",
            "content/index.md": Self.head, "templates/home.mustache": "{{> partials/nav }}\n{{#a}}{{/b}}\n",
            "templates/partials/loop.mustache": "{{> partials/loop }}\n", "site": "a file",
        ])
        try Data([0x2D, 0xE9]).write(to: URL(fileURLWithPath: "\(folder.path)/content/bad.md"))
        let loader = ContentLoader(fileSystem: LocalFileSystem())
        var found = diagnostics { _ = try loader.load(from: "\(folder.path)/content") }
        found += diagnostics { _ = try loader.load(from: "\(folder.path)/nowhere") }
        found += diagnostics { _ = try loader.load(from: "\(folder.path)/nowhere.md") }
        found += diagnostics { _ = try TemplateLoader(fileSystem: LocalFileSystem(), builtIn: []).load(from: "\(folder.path)/templates") }
        found += diagnostics { _ = try TemplateLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/nowhere") }
        #expect(found.count >= 8, "\(found)")
        #expect(found.allSatisfy { $0.id.namespace == "load" }, "\(found.map(\.id))")
        try FileManager().removeItem(atPath: "\(folder.path)/content/bad.md")
        let parsed = diagnostics { _ = try ContentParser().parse(try loader.load(from: "\(folder.path)/content")) }
        #expect(Set(parsed.map(\.id)) == [.parseDuplicateSlug, .parseReplacesHomePage], "\(parsed.map(\.id))")
        let written = diagnostics { try SiteWriter(fileSystem: LocalFileSystem()).checkReplaceable("\(folder.path)/site") }
        #expect(written.map(\.id) == [.writeOutputIsFile])
    }
}
