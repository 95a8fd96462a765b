import DocentCore
import Testing
@testable import DocentPipeline

/// Expectations read with swift-syntax: `// =>` values, Apple's `// Prints "…"` comments, placeholders, and the
/// expectations that could never be checked.
@Suite("Extract: expectations in comments")
struct ExtractExpectationsTests {
    private func snippets(_ body: String) throws -> [Snippet] {
        try SnippetExtractor().extract(try parsedArticle("---\ntitle: T\ndate: 2026-01-02\n---\n" + body))
    }

    @Test("`// Prints` comments, at the end of a line or alone, are the lines the snippet must print")
    func prints() throws {
        let found = try snippets("""

            ```swift
            let name = "Ada"
            print(name) // Prints "Ada"
            print("say \\"hi\\"\\tnow")
            // Prints "say \\"hi\\"\\tnow"
            // prints "lower case counts too"
            // Prints the sum, which is not a quoted line
            ```
            """)
        #expect(found[0].expectedPrints.map(\.text) == ["Ada", "say \"hi\"\tnow", "lower case counts too"])
        #expect(found[0].expectedPrints.map(\.line) == [8, 10, 11])
        #expect(found[0].expectedPrints[0].quoteStart == 23)
        #expect(found[0].expectedPrints[0].quoteEnd == 28)
    }

    @Test("`// =>` is found in comments only: never inside a string, a multi-line string or a raw string")
    func valueCommentsInCommentsOnly() throws {
        let found = try snippets("""

            ```swift
            let url = "http://x" // => "http://x"
            let text = \"\"\"
              a // => not a comment
              \"\"\"
            let raw = #"// => nor this"#
            print("// => nor this") 
            ```
            """)
        #expect(found[0].expectedValues.map(\.line) == [7])
        #expect(found[0].expectedValues.first?.text == #""http://x""#)
        #expect(found[0].expectedValues.first?.column == 28)
        #expect(found[0].expectedValues.first?.commentOffset == 21)
    }

    @Test("a snippet with an editor placeholder is marked, at the placeholder")
    func placeholder() throws {
        let found = try snippets("\n```swift\nlet total = <#value#>\n```\n")
        #expect(found[0].placeholder == SourceLocation(path: "content/x.md", line: 7, column: 13))
    }

    @Test("an `output` block, `// =>` value or `// Prints` comment on a snippet that never runs is an error at its place")
    func noSilentPasses() throws {
        let found = diagnostics { _ = try SnippetExtractor().extract(try fixtureArticle("silent.md")) }
        #expect(found.map(\.location) == [SourceLocation(path: "content/silent.md", line: 10),
                                          SourceLocation(path: "content/silent.md", line: 15, column: 26),
                                          SourceLocation(path: "content/silent.md", line: 19, column: 26)])
        #expect(found[0].message.contains("`no-run`"))
        #expect(found[1].message.contains("`compile-fail`"))
        #expect(found[2].message.contains("`ignore`"))
    }
}
