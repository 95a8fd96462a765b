import DocentCore
import Testing
@testable import DocentPipeline

@Suite("SnippetMarkup: what readers see of anchors, problems and the results column")
struct SnippetMarkupReaderTests {
    let location = SourceLocation(path: "content/dates/formatting.md", line: 40)

    func snippet(_ lines: [String], mode: Snippet.Mode = .shared, expectedValues: [Snippet.ExpectedValue] = []) -> Snippet {
        Snippet(location: location, nodeID: 1, mode: mode,
                lines: lines.enumerated().map { .init(number: 41 + $0.offset, code: $0.element, isHidden: false) },
                expectedValues: expectedValues)
    }

    @Test("the figure's id is example-N, N counting from 1, so the verification badge can link to it")
    func anchor() {
        let checked = CheckedSnippet(snippet: snippet(["let a = 1"]), result: SnippetResult(status: .passed))
        #expect(SnippetMarkup().render(checked, index: 2).hasPrefix("<figure class=\"snippet\" id=\"example-3\" data-status=\"passed\""))
        #expect(!SnippetMarkup().render(checked).contains(" id="))
        #expect(Verification.anchor(forSnippetAt: 2) == "example-3")
    }

    @Test("diagnostics read `line N: severity: message` with notes indented under them; failures name their line too")
    func diagnostics() {
        let error = Diagnostic.error(at: SourceLocation(path: location.path, line: 294, column: 7), "cannot find 'x' in scope",
                                     notes: ["did you mean 'y'? (declared at content/dates/formatting.md:12:5)"])
        let result = SnippetResult(status: .failed, diagnostics: [error],
                                   failures: [.init(location: SourceLocation(path: location.path, line: 42),
                                                    message: "expected a different value", expected: "1", actual: "2")])
        let html = SnippetMarkup().render(CheckedSnippet(snippet: snippet(["let a = x"]), result: result))
        #expect(html.contains("<span class=\"diagnostic-message\">line 294: error: cannot find &#39;x&#39; in scope</span>\n"
                              + "<span class=\"diagnostic-note\">  note: did you mean &#39;y&#39;? (declared at line 12)</span>"))
        #expect(html.contains("<p class=\"failure-message\">line 42: expected a different value</p>"))
        // Only the figure's data-source attribute (for tools, never shown) names the file.
        #expect(!html.replacingOccurrences(of: "data-source=\"\(location.path):40\"", with: "").contains("formatting.md"))
    }

    @Test("a location-less diagnostic has no line; a path without a line becomes `this article`")
    func readerText() {
        #expect(SnippetMarkup.heading(of: .warning(at: nil, "slow")) == "warning: slow")
        #expect(SnippetMarkup.readerText("in content/a.md:3:9 and content/a.md:7 and content/a.md.", hiding: "content/a.md")
                == "in line 3 and line 7 and this article.")
        #expect(SnippetMarkup.readerText("nothing to hide", hiding: "content/a.md") == "nothing to hide")
    }

    @Test("the `// =>` comment is cut at its UTF-8 offset, inside a highlighted run if need be, without the spaces before it")
    func cut() {
        let pieces = [CodePiece(cssClass: "hl-keyword", text: "let"), CodePiece(cssClass: nil, text: " é = 1 "),
                      CodePiece(cssClass: "hl-comment", text: "// => 1")]
        #expect(CodePiece.cut(pieces, atUTF8Offset: 11) == [CodePiece(cssClass: "hl-keyword", text: "let"), CodePiece(cssClass: nil, text: " é = 1")])
        #expect(CodePiece.cut([CodePiece(cssClass: nil, text: "x  // => 1")], atUTF8Offset: 3) == [CodePiece(cssClass: nil, text: "x")])
        #expect(CodePiece.cut([CodePiece(cssClass: nil, text: "let a = 1 // => 1")], atUTF8Offset: 10)
                == [CodePiece(cssClass: nil, text: "let a = 1")])
        #expect(CodePiece(cssClass: "hl-string", text: "\"<b>\"").html == "<span class=\"hl-string\">&quot;&lt;b&gt;&quot;</span>")
    }

    @Test("the results column starts after the longest line with a value; longer lines with values fold theirs under them")
    func codeWidth() {
        let long = "let formatted = formatter.string(from: Date(timeIntervalSince1970: 0))"
        let lines = ["let a = 1", "let bb = 22 // => 22", "func f() {}", long]
        let expected = [Snippet.ExpectedValue(line: 42, text: "22", column: 5, commentOffset: 12)]
        let values = [SnippetResult.LineValue(line: 41, column: 5, text: "1"), SnippetResult.LineValue(line: 42, column: 5, text: "22"),
                      SnippetResult.LineValue(line: 44, column: 5, text: "\"Jan 1, 1970\"")]
        let html = SnippetMarkup().render(CheckedSnippet(snippet: snippet(lines, expectedValues: expected),
                                                         result: SnippetResult(status: .passed, values: values)))
        #expect(html.contains("style=\"--code-width: 11ch\""))
        #expect(html.contains("<span class=\"line\" data-line=\"43\"><span class=\"code\"><span class=\"hl-keyword\">func</span> "
                              + "<span class=\"hl-function\">f</span>() {}\n</span></span>"))
        #expect(html.contains("<span class=\"line line-long\" data-line=\"44\">"))
        #expect(SnippetMarkup.displayWidth("a\tb") == 9)
        #expect(SnippetMarkup.displayWidth("日本") == 4)
    }

    @Test("Swift is highlighted as a whole, hidden lines included; other languages stay plain and escaped")
    func highlighting() {
        // The string starts on a hidden line: the visible line is still inside it.
        let lines: [Snippet.Line] = [.init(number: 41, code: "let text = \"\"\"", isHidden: true),
                                     .init(number: 42, code: "<b> inside", isHidden: false),
                                     .init(number: 43, code: "\"\"\"", isHidden: true)]
        let swift = SnippetMarkup.pieces(of: Snippet(location: location, nodeID: 1, mode: .shared, lines: lines))
        #expect(swift.keys.sorted() == [42])
        #expect(swift[42]?.allSatisfy { $0.cssClass == "hl-string" } == true)
        #expect(swift[42]?.map(\.text).joined() == "<b> inside")
        let other = SnippetMarkup.pieces(of: Snippet(location: location, nodeID: 1, mode: .ignore, language: "python",
                                                     lines: [.init(number: 41, code: "print('<b>')", isHidden: false)]))
        #expect(other[41] == [CodePiece(cssClass: nil, text: "print('<b>')")])
    }

    @Test("other languages are named in the bar; hidden snippets have no bar unless they have a label")
    func bar() {
        #expect(SnippetMarkup.languageName("swift") == "Swift")
        #expect(SnippetMarkup.languageName("json") == "JSON")
        let hidden = Snippet(location: location, nodeID: 1, mode: .hidden, lines: [.init(number: 41, code: "let x = 1", isHidden: false)])
        let failed = SnippetMarkup().render(CheckedSnippet(snippet: hidden, result: SnippetResult(status: .failed,
            failures: [.init(location: location, message: "trapped")])))
        #expect(failed.contains("<figcaption class=\"snippet-bar\" data-pagefind-ignore><span class=\"snippet-label\">Failed</span></figcaption>"))
        #expect(!failed.contains("snippet-language"))
    }
}
