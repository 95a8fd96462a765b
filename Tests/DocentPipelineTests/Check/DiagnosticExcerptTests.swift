import DocentCore
import Testing
@testable import DocentPipeline

@Suite("A failed snippet's compiler diagnostics on the terminal")
struct DiagnosticExcerptTests {
    static let path = "content/a.md"

    static func at(_ line: Int, _ column: Int) -> DocentCore.SourceLocation { DocentCore.SourceLocation(path: path, line: line, column: column) }

    static func snippet(_ code: [String], firstLine: Int = 8) -> Snippet {
        Snippet(location: DocentCore.SourceLocation(path: path, line: firstLine - 1), nodeID: 1, mode: .shared,
                lines: code.enumerated().map { Snippet.Line(number: firstLine + $0.offset, code: $0.element, isHidden: false) })
    }

    @Test("every error once, as swiftc prints it: location, message, the code line and a caret under the column")
    func everyErrorOnce() {
        let first = Diagnostic.error(DiagnosticID("test.fixture"), at: Self.at(8, 14), "cannot convert value of type 'String' to specified type 'Int'")
        let second = Diagnostic.error(DiagnosticID("test.fixture"), at: Self.at(9, 9), "cannot find 'undefinedName' in scope")
        let result = SnippetResult(status: .failed, diagnostics: [first, second],
                                   failures: [.init(.doesNotCompile, location: Self.at(8, 14), message: "does not compile: \(first.message)",
                                                    restating: first)])
        let text = FailureFormatter().format(CheckedSnippet(snippet: Self.snippet(["let a: Int = \"x\"", "let b = undefinedName + 1"]),
                                                            result: result))
        #expect(text == """
        FAIL content/a.md:7
          content/a.md:8:14: error: cannot convert value of type 'String' to specified type 'Int'
          let a: Int = "x"
                       ^
          content/a.md:9:9: error: cannot find 'undefinedName' in scope
          let b = undefinedName + 1
                  ^
        """)
    }

    @Test("the caret counts UTF-8 bytes, as columns do, and keeps tabs")
    func caretColumns() {
        #expect(DiagnosticExcerpt.caret(under: 6, of: "é = x") == "    ^")
        #expect(DiagnosticExcerpt.caret(under: 3, of: "\tx.y") == "\t ^")
        #expect(DiagnosticExcerpt.caret(under: 1, of: "x") == "^")
    }

    @Test("a module only Apple's platforms have gets a note to mark the block ignore; other modules do not", arguments: [
        ("UIKit", true), ("SwiftUI", true), ("AppKit", true), ("Cocoa", true), ("WatchKit", true), ("Foundation", false), ("MyKit", false),
    ])
    func appleOnlyHint(module: String, hinted: Bool) {
        let diagnostic = Diagnostic.error(DiagnosticID("test.fixture"), at: Self.at(8, 8), "no such module '\(module)'")
        let lines = DiagnosticExcerpt(diagnostic, lines: Self.snippet(["import \(module)"]).lines).rendered
        #expect(lines[0] == "content/a.md:8:8: error: no such module '\(module)'")
        #expect(lines[1] == "import \(module)")
        #expect(lines[2] == "       ^")
        #expect(lines.count == (hinted ? 4 : 3))
        let note = lines.dropFirst(3).first ?? ""
        #expect(note.hasPrefix("  note: \(module) exists only on Apple's platforms") == hinted, "\(lines)")
        #expect(note.contains("```swift ignore") == hinted)
    }
}
