import DocentCore
import DocentMarkdown
import Testing
@testable import DocentPipeline

/// `args="…"`: an entry point's command-line arguments, split as a shell would for the simple cases.
@Suite struct SnippetArgumentsTests {
    @Test func argumentsSplitAtSpacesAndSingleQuotesKeepThemTogether() {
        #expect(SnippetAttributes.arguments("--count 3  hello") == ["--count", "3", "hello"])
        #expect(SnippetAttributes.arguments("--name 'A B' ''") == ["--name", "A B", ""])
        #expect(SnippetAttributes.arguments("") == [])
        #expect(SnippetAttributes.arguments("'never closed") == nil)
    }

    @Test func argsIsReadWithItsColumnAndRefusedBesideAModeThatTakesNone() throws {
        let at = { (column: Int) in DocentCore.SourceLocation(path: "content/x.md", line: 3, column: column) }
        let reading = try SnippetAttributes.read(from: [CodeBlock.InfoWord(text: "args=-v 'x y'", column: 10)], at: at).get()
        #expect(reading.arguments == ["-v", "x y"])
        #expect(reading.argumentsColumn == 10)
        let refused = SnippetAttributes.read(from: [CodeBlock.InfoWord(text: "no-run", column: 10),
                                                    CodeBlock.InfoWord(text: "args=-v", column: 17)], at: at)
        guard case .failure(let error) = refused else { Issue.record("no-run with args= was read"); return }
        #expect(error.diagnostics.map(\.location) == [at(17)])
        let hidden = SnippetAttributes.read(from: [CodeBlock.InfoWord(text: "hidden", column: 10),
                                                   CodeBlock.InfoWord(text: "args=-v", column: 17)], at: at)
        #expect(throws: DiagnosticError.self) { try hidden.get() }
    }
}
