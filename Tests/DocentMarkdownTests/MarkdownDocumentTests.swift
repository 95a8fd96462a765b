import Foundation
import Testing
@testable import DocentMarkdown

/// Loads a fixture file that ships with this test target.
func fixture(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    return try String(contentsOf: url, encoding: .utf8)
}

@Suite("Parsing Markdown into a Swift tree")
struct MarkdownDocumentTests {
    @Test("renders exactly what the cmark command line renders")
    func matchesCmark() throws {
        let document = MarkdownDocument(parsing: try fixture("blocks.md"))
        #expect(document.html() == (try fixture("blocks.html")))
    }

    @Test("headings keep their level, inline markup and position")
    func headings() throws {
        let document = MarkdownDocument(parsing: try fixture("blocks.md"))
        let headings = document.root.filter { if case .heading = $0.kind { true } else { false } }
        #expect(headings.count == 2)
        #expect(headings[0].kind == .heading(level: 1))
        #expect(headings[0].plainText == "A heading with code and a link")
        #expect(headings[0].range.start == MarkdownPosition(line: 1, column: 1))
        #expect(headings[1].kind == .heading(level: 2))
        #expect(headings[1].plainText == "Setext heading")
        #expect(headings[1].range.start.line == 36)
    }

    @Test("nested block quotes and lists are nested in the tree")
    func nesting() throws {
        let document = MarkdownDocument(parsing: try fixture("blocks.md"))
        let quotes = document.root.filter { $0.kind == .blockQuote }
        #expect(quotes.count == 2)
        #expect(quotes[1].range.start == MarkdownPosition(line: 7, column: 3))
        let lists = document.root.filter { if case .list = $0.kind { true } else { false } }
        #expect(lists.map(\.kind) == [
            .list(ordered: true, start: 1, tight: true),
            .list(ordered: false, start: 0, tight: true),
            .list(ordered: false, start: 0, tight: false),
            .list(ordered: true, start: 3, tight: true),
        ])
    }

    @Test("code blocks know their info string, literal and fence")
    func codeBlocks() throws {
        let document = MarkdownDocument(parsing: try fixture("blocks.md"))
        let nodes = document.root.filter { if case .codeBlock = $0.kind { true } else { false } }
        let blocks = nodes.compactMap { if case .codeBlock(let block) = $0.kind { block } else { nil } }
        #expect(blocks.map(\.info) == ["swift", "python", ""])
        #expect(blocks.map(\.literal) == ["let x = 1\n", "print(\"tilde fence, longer\")\n", "indented code\nblock\n"])
        #expect(blocks.map(\.fence) == [CodeBlock.Fence(character: "`", length: 3, column: 1),
                                        CodeBlock.Fence(character: "~", length: 4, column: 1), nil])
        #expect(blocks[1].lines == [CodeBlock.Line(text: "print(\"tilde fence, longer\")", number: 26, prefixWidth: 0)])
        #expect(blocks[2].lines.map(\.number) == [29, 30])
        #expect(blocks[2].lines.map(\.prefixWidth) == [4, 4])
        #expect(blocks[2].infoWords.isEmpty)
        #expect(nodes[0].range.start == MarkdownPosition(line: 21, column: 1))
        #expect(nodes[0].range.end.line == 23)
    }

    @Test("raw HTML and entities survive", arguments: [
        ("<div>x</div>\n", "<div>x</div>\n"),
        ("a &copy; b\n", "<p>a © b</p>\n"),
        ("x <b>y</b>\n", "<p>x <b>y</b></p>\n"),
        ("`<tag>`\n", "<p><code>&lt;tag&gt;</code></p>\n"),
    ])
    func rawHTML(source: String, html: String) {
        #expect(MarkdownDocument(parsing: source).html() == html)
    }

    @Test("ids are pre-order positions and stable across parses")
    func stableIDs() throws {
        let text = try fixture("blocks.md")
        let first = MarkdownDocument(parsing: text).root
        let second = MarkdownDocument(parsing: text).root
        var ids: [Int] = []
        first.forEach { ids.append($0.id) }
        #expect(ids == Array(0..<ids.count))
        var again: [Int] = []
        second.forEach { again.append($0.id) }
        #expect(ids == again)
    }

    @Test("deeply nested input does not overflow the stack")
    func deepNesting() {
        let text = String(repeating: ">", count: 5_000) + " deep\n"
        let document = MarkdownDocument(parsing: text)
        #expect(document.root.plainText == "deep")
        #expect(document.html().contains("deep"))
    }

    @Test("empty and whitespace-only documents parse")
    func empty() {
        #expect(MarkdownDocument(parsing: "").root.children.isEmpty)
        #expect(MarkdownDocument(parsing: "  \n\n").html() == "")
    }
}
