import Testing
@testable import DocentMarkdown

@Suite("Code blocks: info words, fences and lines as written")
struct CodeBlockTests {
    private func blocks(_ source: String) -> [CodeBlock] {
        MarkdownDocument(parsing: source).root
            .filter { if case .codeBlock = $0.kind { true } else { false } }
            .compactMap { if case .codeBlock(let block) = $0.kind { block } else { nil } }
    }

    @Test("a fence inside a block quote or list item is recognised, with its column after the container")
    func fenceInsideContainers() {
        let found = blocks("> ```swift\n> let x = 1\n> ```\n\n- item\n\n   ~~~~ python\n   x\n   ~~~~\n")
        #expect(found.map(\.fence) == [CodeBlock.Fence(character: "`", length: 3, column: 3),
                                       CodeBlock.Fence(character: "~", length: 4, column: 4)])
        #expect(found.map(\.language) == ["swift", "python"])
    }

    @Test("info words keep their UTF-8 columns in the fence line; a quoted part belongs to its word")
    func infoWords() {
        let block = blocks(#"> ```swift  compile-fail="say \"hi\" now" é"# + "\n> x\n> ```\n")[0]
        #expect(block.infoWords == [CodeBlock.InfoWord(text: "swift", column: 6),
                                    CodeBlock.InfoWord(text: #"compile-fail=say "hi" now"#, column: 13),
                                    CodeBlock.InfoWord(text: "é", column: 43)])
        #expect(block.unclosedQuote == nil)
    }

    @Test("a quote that is never closed is reported at its column, after a multi-byte word")
    func unclosedQuote() {
        let block = blocks("```swift é compile-fail=\"oops\n```\n")[0]
        #expect(block.infoWords.map(\.text) == ["swift", "é"])
        #expect(block.unclosedQuote == 26)
    }

    @Test("code lines carry their line numbers and the width of the container prefix")
    func lines() {
        let block = blocks("text\n\n> ```swift\n> let é = 1\n>\n>   x\n> ```\n")[0]
        #expect(block.lines == [CodeBlock.Line(text: "let é = 1", number: 4, prefixWidth: 2),
                                CodeBlock.Line(text: "", number: 5, prefixWidth: 1),
                                CodeBlock.Line(text: "  x", number: 6, prefixWidth: 2)])
        #expect(block.codeLines == ["let é = 1", "", "  x"])
    }

    @Test("an indented fence's indentation is part of the prefix; CRLF lines split like LF ones")
    func indentedFenceAndCRLF() {
        let block = blocks("  ```swift\r\n  a\r\n   b\r\n  ```\r\n")[0]
        #expect(block.fence?.column == 3)
        #expect(block.lines == [CodeBlock.Line(text: "a", number: 2, prefixWidth: 2),
                                CodeBlock.Line(text: " b", number: 3, prefixWidth: 2)])
    }

    @Test("an empty block has no lines; an indented block starts at its own line")
    func emptyAndIndented() {
        #expect(blocks("```swift\n```\n")[0].lines.isEmpty)
        let indented = blocks("para\n\n    one\n    two\n")[0]
        #expect(indented.fence == nil)
        #expect(indented.lines.map(\.number) == [3, 4])
        #expect(indented.lines.map(\.prefixWidth) == [4, 4])
    }
}
