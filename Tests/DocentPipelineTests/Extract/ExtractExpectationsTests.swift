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

    @Test("`// Prints` as books write it: a period, an explanation, quotes inside, `N lines:`, hidden lines counted")
    func booksForms() throws {
        let found = try snippets("""

            ```swift
            print(5) // Prints "5".
            # print("hello, world")
            // Prints "hello, world", because name is indeed equal to "world".
            print(#"The string "123" has an integer value of 123"#)
            // Prints "The string "123" has an integer value of 123".
            print("a\\nb")
            # // Prints two lines:
            // "a"
            // b
            ```
            """)
        let prints = found[0].expectedPrints
        #expect(prints.map(\.text) == ["5", "hello, world", #"The string "123" has an integer value of 123"#, "a", "b"])
        #expect(prints.map(\.line) == [7, 9, 11, 14, 15])
        #expect(prints.map(\.form) == [.literal, .literal, .verbatim, .literal, .plain])
        #expect(prints.map(\.isBlockLine) == [false, false, false, true, true])
        #expect(prints.map(\.commentColumn) == [10, 1, 1, 1, 1])
        #expect(prints.map(\.quoteStart) == [20, 11, 11, 4, 4])
        #expect(prints.map(\.quoteEnd) == [23, 25, 57, 7, 5])
        #expect(found[0].warnings.isEmpty)
    }

    @Test("a `// Prints` comment that cannot be read is a warning at its file:line:col saying how to write it")
    func unreadablePrints() throws {
        let found = try snippets("""

            > ```swift
            > print(1) // Prints "1
            > print(2)
            > // Prints three lines:
            > // 2
            > ```
            """)
        #expect(found[0].expectedPrints.isEmpty)
        #expect(found[0].warnings.map { $0.description.split(separator: "\n").first.map(String.init) } == [
            "content/x.md:7:12: warning: this `// Prints` comment's quote is never closed",
            "content/x.md:9:3: warning: `// Prints three lines:` is followed by 1 comment line, not 3",
        ])
        #expect(found[0].warnings.allSatisfy { $0.notes.count == 1 })
        #expect(found[0].warnings.map(\.id) == [.extractPrintsComment, .extractPrintsComment])
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
        #expect(found.map(\.id) == [.extractOutputNeverChecked, .extractValueNeverChecked, .extractPrintsNeverChecked])
    }
}

/// Errors the author marked in comments, with their Markdown lines.
@Suite("Extract: errors the author marked")
struct ExtractMarkedErrorsTests {
    private func snippets(_ body: String) throws -> [Snippet] {
        try SnippetExtractor().extract(try parsedArticle("---\ntitle: T\ndate: 2026-01-02\n---\n" + body))
    }

    @Test("marks get the Markdown lines of the failing line and of the comment, hidden lines counted")
    func markdownLines() throws {
        let found = try snippets("""

            ```swift
            # let hidden = 1
            let a = true < false // Error: Can't use < to compare Boolean values.
            let b = [1][3]
            // this triggers a runtime error
            # let c: Int = "x" // Error
            ```
            """)
        #expect(found[0].markedErrors == [
            Snippet.MarkedError(line: 8, commentLine: 8, column: 22, text: "Error: Can't use < to compare Boolean values."),
            Snippet.MarkedError(line: 9, commentLine: 10, column: 1, text: "this triggers a runtime error"),
            Snippet.MarkedError(line: 11, commentLine: 11, column: 20, text: "Error"),
        ])
    }

    @Test("in an indented block inside a quote, columns are the file's")
    func quotedBlock() throws {
        let found = try snippets("\n> ```swift\n> let x = 1 // this causes an error\n> ```\n")
        #expect(found[0].markedErrors.map { $0.location(in: "content/x.md") }
            == [SourceLocation(path: "content/x.md", line: 7, column: 13)])
    }

    @Test("an `ignore` snippet has no marks; other snippets keep theirs")
    func ignored() throws {
        let found = try snippets("\n```swift ignore\nlet x = y // Error\n```\n\n```swift no-run\nlet x = y // Error\n```\n")
        #expect(found[0].markedErrors.isEmpty)
        #expect(found[1].markedErrors.map(\.line) == [11])
    }
}
