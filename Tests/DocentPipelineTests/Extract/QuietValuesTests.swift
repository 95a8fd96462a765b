import DocentCore
import Testing
@testable import DocentPipeline

@Suite("Quiet values: `values=none`, `values=marked` and `// docent:quiet`, read by Extract and honoured by Weave")
struct QuietValuesTests {
    func article(_ blocks: String) throws -> Article {
        try parsedArticle("---\ntitle: T\ndate: 2026-01-02\n---\n\n" + blocks)
    }

    func failures(_ blocks: String) -> [Diagnostic] {
        do {
            _ = try SnippetExtractor().extract(try article(blocks))
            return []
        } catch {
            return DiagnosticError.diagnostics(from: error)
        }
    }

    @Test("`values=none` and `values=marked` are read beside a mode; no attribute shows every value")
    func attribute() throws {
        let snippets = try SnippetExtractor().extract(try article("""
        ```swift values=none
        let a = 1
        ```

        ```swift isolated values=marked
        let b = 2 // => 2
        ```

        ```swift
        let c = 3
        ```

        """))
        #expect(snippets.map(\.valueDisplay) == [.nothing, .marked, .all])
        #expect(snippets.map(\.mode) == [.shared, .isolated, .shared])
    }

    @Test("a wrong `values=`, two of them, or one on a snippet that never runs is an error at its column")
    func attributeErrors() {
        let found = failures("""
        ```swift values=some
        let a = 1
        ```

        ```swift values=none values=marked
        let b = 2
        ```

        ```swift no-run values=none
        let c = 3
        ```

        ```swift values
        let d = 4
        ```

        """)
        #expect(found.map(\.location?.description) == ["content/x.md:6:10", "content/x.md:10:22", "content/x.md:14:17", "content/x.md:18:10"])
        #expect(found.map(\.id) == [.extractAttributeInvalidValues, .extractAttributeValuesConflict,
                                    .extractAttributeValuesNeverRun, .extractAttributeInvalidValues])
    }

    @Test("`// docent:quiet` ends a line in any case and spacing; inside a string or after other text it is no marker")
    func marker() throws {
        let snippet = try #require(try SnippetExtractor().extract(try article("""
        > ```swift
        > let calendar = Calendar(identifier: .gregorian) // docent:quiet
        > let text = "// docent:quiet"
        > let set = Set([1]) //  Docent: Quiet
        > let n = 1 // docent:quiet, please
        > ```

        """)).first)
        #expect(snippet.quietMarks == [Snippet.QuietMark(line: 7, commentOffset: 48), Snippet.QuietMark(line: 9, commentOffset: 19)])
        #expect(QuietComments.isMarker("// docent : quiet") && !QuietComments.isMarker("/// docent:quiet"))
        #expect(!QuietComments.isMarker("// docent:quietly"))
    }

    @Test("code is parsed for markers only when it could hold one: ASCII code without the word, in any case, is not")
    func markerPrecheck() {
        #expect(!QuietComments.mayHoldMarker("let a = 1 // a comment\nprint(a)"))
        #expect(!QuietComments.mayHoldMarker("docen"))
        #expect(QuietComments.mayHoldMarker("let c = 1 // DOCENT:QUIET"))
        #expect(QuietComments.mayHoldMarker("let c = 1 // DoCeNt"))
        #expect(QuietComments.mayHoldMarker("let s = \"é\""))
        #expect(QuietComments.find(in: "let s = \"é\" // docent:quiet").map(\.column) == [14])
        #expect(QuietComments.find(in: "let s = 1\nlet t = 2 // Docent : Quiet").map(\.line) == [2])
        #expect(QuietComments.find(in: "let s = 1 // docent:loud").isEmpty)
    }

    @Test("a marker alone on its line or in a snippet that never runs is an error at its `//`")
    func markerErrors() {
        let found = failures("""
        ```swift
        // docent:quiet
        let a = 1
        ```

        ```swift compile-fail
        let b: Int = "b" // docent:quiet
        ```

        """)
        #expect(found.map(\.location?.description) == ["content/x.md:7:1", "content/x.md:12:18"])
        #expect(found.map(\.id) == [.extractStandaloneQuietComment, .extractQuietNeverRuns])
    }

    func woven(_ blocks: String, values: [SnippetResult.LineValue]) throws -> String {
        let snippet = try #require(try SnippetExtractor().extract(try article(blocks)).first)
        return SnippetMarkup().render(CheckedSnippet(snippet: snippet, result: SnippetResult(status: .passed, values: values)))
    }

    @Test("the page shows no values under `values=none`, only `// =>` lines' under `values=marked`, none on a quiet line")
    func weave() throws {
        let values = [SnippetResult.LineValue(line: 7, column: 5, text: "1"), SnippetResult.LineValue(line: 8, column: 5, text: "2"),
                      SnippetResult.LineValue(line: 9, column: 5, text: "gregorian (gregorian) locale: …")]
        let code = "let a = 1\nlet b = 2 // => 2\nlet c = Calendar.current // docent:quiet\n```\n"

        let all = try woven("```swift\n" + code, values: values)
        #expect(all.contains("<span class=\"results\" data-line=\"7\"") && all.contains("<span class=\"results\" data-line=\"8\""))
        #expect(!all.contains("data-line=\"9\" data-pagefind-ignore") && !all.contains("gregorian"))
        // The marker is for the author: the reader sees the line without it (the copy button copies what is shown).
        #expect(all.contains("<span class=\"line\" data-line=\"9\"><span class=\"code\"><span class=\"hl-keyword\">let</span> c "
                             + "<span class=\"hl-operator\">=</span> <span class=\"hl-type\">Calendar</span>.current\n</span></span>"))
        #expect(!all.contains("docent:quiet"))

        let marked = try woven("```swift values=marked\n" + code, values: values)
        #expect(!marked.contains("<span class=\"results\" data-line=\"7\"") && marked.contains("<span class=\"results\" data-line=\"8\""))

        let none = try woven("```swift values=none\n" + code, values: values)
        #expect(!none.contains("class=\"results"))
        #expect(!none.contains("--code-width"))
        // With no value shown, the author's `// =>` comment stays in the code.
        #expect(none.contains("<span class=\"hl-comment\">// =&gt; 2</span>"))
    }
}
