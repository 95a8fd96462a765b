import DocentCore
import DocentMarkdown
import Testing
@testable import DocentPipeline

@Suite("Extract: finding snippets, their attributes and expectations")
struct ExtractTests {
    @Test("every attribute gives its mode; other languages and indented blocks are not snippets")
    func attributes() throws {
        let snippets = try SnippetExtractor().extract(try fixtureArticle("attributes.md"))
        #expect(snippets.map(\.mode) == [.shared, .hidden, .isolated, .noRun, .ignore, .compileFail(message: nil),
                                         .compileFail(message: "cannot convert value"), .crash, .shared])
        #expect(snippets.map(\.name) == ["content/attributes.md:8", "content/attributes.md:18", "content/attributes.md:22",
                                         "content/attributes.md:26", "content/attributes.md:30", "content/attributes.md:34",
                                         "content/attributes.md:38", "content/attributes.md:42", "content/attributes.md:57"])
    }

    @Test("`# ` lines are compiled but hidden, without their marker")
    func hiddenLines() throws {
        let first = try SnippetExtractor().extract(try fixtureArticle("attributes.md"))[0]
        #expect(first.lines.map(\.number) == [9, 10, 11])
        #expect(first.lines[0] == Snippet.Line(number: 9, code: "import Foundation", isHidden: true))
        #expect(first.visibleLines.map(\.number) == [10, 11])
        #expect(first.compiledCode == "import Foundation\nlet greeting = \"Hello\" // => \"Hello\"\nprint(greeting)")
    }

    @Test("a lone #, and an indented `# ` line, are hidden too; #if is not")
    func hiddenVariants() {
        #expect(SnippetExtractor.unhide("#") == ("", true))
        #expect(SnippetExtractor.unhide("    # let x = 1") == ("    let x = 1", true))
        #expect(SnippetExtractor.unhide("#if os(Linux)") == ("#if os(Linux)", false))
    }

    @Test("an output block right after a snippet is its expected output, with its lines and node")
    func expectedOutput() throws {
        let article = try fixtureArticle("attributes.md")
        let output = try #require(try SnippetExtractor().extract(article)[0].expectedOutput)
        #expect(output.text == "Hello")
        #expect(output.location.description == "content/attributes.md:14:1")
        #expect(output.firstLine == 15 && output.lastLine == 15)
        let node = article.body.root.filter { $0.id == output.nodeID }.first
        guard case .codeBlock(let block)? = node?.kind else {
            Issue.record("the node is not a code block")
            return
        }
        #expect(block.info == "output" && block.literal == "Hello\n")
        #expect(output.fence == CodeBlock.Fence(character: "`", length: 3, column: 1))
    }

    @Test("`// =>` values carry their line, text and column, also inside a block quote")
    func expectedValues() throws {
        let snippets = try SnippetExtractor().extract(try fixtureArticle("attributes.md"))
        #expect(snippets[0].expectedValues == [Snippet.ExpectedValue(line: 10, text: "\"Hello\"", column: 30, commentOffset: 23)])
        #expect(snippets[8].expectedValues == [Snippet.ExpectedValue(line: 58, text: "1", column: 23, commentOffset: 15)])
    }

    @Test("unknown and conflicting attributes, a stray output block and an open quote are all reported at file:line:col")
    func errors() throws {
        let found = diagnostics { _ = try SnippetExtractor().extract(try fixtureArticle("bad-attributes.md")) }
        #expect(found.map(\.location?.description) == ["content/bad-attributes.md:6:10", "content/bad-attributes.md:10:17",
                                                       "content/bad-attributes.md:16:1", "content/bad-attributes.md:20:23"])
        #expect(found[0].description.hasPrefix("content/bad-attributes.md:6:10: error: unknown snippet attribute 'hiden'"))
        #expect(found[0].notes.contains("did you mean 'hidden'?"))
        #expect(found[0].notes.contains { $0.hasPrefix("valid attributes: hidden, isolated, no-run, ignore, compile-fail") })
        #expect(found[1].id == .extractAttributeModeConflict)
        #expect(found[2].id == .extractOrphanOutput)
    }

    @Test("line numbers count the front matter, tildes and long fences work, CRLF files too")
    func crlfAndFences() throws {
        let text = "---\r\ntitle: T\r\ndate: 2026-01-02\r\n---\r\n\r\n````swift\r\nlet a = 1 // => 1\r\n````\r\n\r\n```output\r\nx\r\n```\r\n"
        let snippets = try SnippetExtractor().extract(try parsedArticle(text))
        #expect(snippets.count == 1)
        #expect(snippets[0].location.line == 6)
        #expect(snippets[0].lines == [Snippet.Line(number: 7, code: "let a = 1 // => 1", isHidden: false)])
        #expect(snippets[0].expectedValues == [Snippet.ExpectedValue(line: 7, text: "1", column: 17, commentOffset: 10)])
        #expect(snippets[0].expectedOutput?.firstLine == 11)
        #expect(snippets[0].expectedOutput?.text == "x")
    }

    @Test("attribute values are checked")
    func attributeWords() {
        let result = SnippetAttributes.read(from: [.init(text: "hidden=yes", column: 10)]) { SourceLocation(path: "a.md", column: $0) }
        #expect(throws: DiagnosticError.self) { try result.get() }
    }
}
