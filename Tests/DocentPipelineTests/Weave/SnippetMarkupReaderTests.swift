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

    @Test("a compile error on a visible line marks that line, underlines the token at its column and sits under it")
    func compileErrorOnItsLine() {
        // Markdown lines 41 to 43; 42 is hidden, so 43 is the reader's line 2.
        let lines: [Snippet.Line] = [.init(number: 41, code: "let y = 1", isHidden: false),
                                     .init(number: 42, code: "let z = 2", isHidden: true),
                                     .init(number: 43, code: "let a: Int = y + \"two\"", isHidden: false)]
        let error = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: location.path, line: 43, column: 18),
                                     "binary operator '+' cannot be applied",
                                     notes: ["'y' declared at content/dates/formatting.md:41:5"])
        let html = SnippetMarkup().render(CheckedSnippet(snippet: Snippet(location: location, nodeID: 1, mode: .shared, lines: lines),
                                                         result: SnippetResult(status: .failed, diagnostics: [error])))
        let marked = ["<span class=\"line line-failed\" data-line=\"43\"><span class=\"code\"><span class=\"hl-keyword\">let</span> a: ",
                      "<span class=\"hl-type\">Int</span> <span class=\"hl-operator\">=</span> y <span class=\"hl-operator\">+</span> ",
                      "<span class=\"problem-mark\"><span class=\"hl-string\">&quot;two&quot;</span></span>\n</span>",
                      "<span class=\"line-problem\" data-pagefind-ignore><span class=\"diagnostic-message diagnostic-error\">",
                      "error: binary operator &#39;+&#39; cannot be applied</span>",
                      "<span class=\"diagnostic-note\">note: &#39;y&#39; declared at line 1</span></span></span>"].joined()
        #expect(html.contains(marked))
        #expect(html.contains("<span class=\"line\" data-line=\"41\">"))
        // Under its line, it is not repeated in the box under the snippet.
        #expect(!html.contains("snippet-problems"))
        #expect(!html.contains("line 43") && !html.contains("line 41"))
    }

    @Test("problems that cannot sit under a visible line go in the box, named by the reader's line or by none")
    func problemsInTheBox() {
        let lines: [Snippet.Line] = [.init(number: 41, code: "let y = 1", isHidden: true),
                                     .init(number: 42, code: "let a = y", isHidden: false),
                                     .init(number: 43, code: "let b = a // => 3", isHidden: false)]
        let hiddenError = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: location.path, line: 41, column: 9), "cannot find 'x' in scope",
                                           notes: ["did you mean 'w'? (declared at content/dates/formatting.md:12:5)"])
        let result = SnippetResult(status: .failed, diagnostics: [hiddenError, .warning(DiagnosticID("test.fixture"), at: nil, "slow")],
                                   failures: [.init(.valueDiffers, location: SourceLocation(path: location.path, line: 43, column: 17),
                                                    message: "value differs from the expected value", expected: "3", actual: "1"),
                                              .init(.outputDiffers, location: SourceLocation(path: location.path, line: 46, column: 1),
                                                    message: "output differs from the expected output", expected: "a", actual: "b")])
        let html = SnippetMarkup().render(CheckedSnippet(snippet: Snippet(location: location, nodeID: 1, mode: .shared, lines: lines),
                                                         result: result))
        #expect(html.contains("<pre class=\"diagnostic diagnostic-error\"><span class=\"diagnostic-message\">error: cannot find &#39;x&#39; in scope</span>\n"
                              + "<span class=\"diagnostic-note\">  note: did you mean &#39;w&#39;? (declared at an earlier example)</span></pre>"))
        #expect(html.contains("<span class=\"diagnostic-message\">warning: slow</span>"))
        #expect(html.contains("<p class=\"failure-message\">line 2: value differs from the expected value</p>"))
        #expect(html.contains("<p class=\"failure-message\">output differs from the expected output</p>"))
        #expect(!html.contains("line-failed") && !html.contains("line-problem"))
        // Only the figure's data-source attribute (for tools, never shown) names the file.
        #expect(!html.replacingOccurrences(of: "data-source=\"\(location.path):40\"", with: "").contains("formatting.md"))
    }

    @Test("a trap marks the statement from its column to the end of its code; a hidden snippet's problems stay in the box")
    func trapOnItsLine() {
        let trap = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: location.path, line: 42, column: 5), "Fatal error: Index out of range")
        var result = SnippetResult(status: .failed, diagnostics: [trap])
        result.trapped = true
        let lines = ["let xs = [1]", "    print(xs[5])  ", "print(1)"]
        let html = SnippetMarkup().render(CheckedSnippet(snippet: snippet(lines), result: result))
        let marked = ["<span class=\"line line-failed\" data-line=\"42\"><span class=\"code\">    ",
                      "<span class=\"problem-mark\"><span class=\"hl-function\">print</span>(xs[<span class=\"hl-number\">5</span>])</span>  \n</span>",
                      "<span class=\"line-problem\" data-pagefind-ignore><span class=\"diagnostic-message diagnostic-error\">",
                      "error: Fatal error: Index out of range</span></span></span>"].joined()
        #expect(html.contains(marked))
        let hidden = SnippetMarkup().render(CheckedSnippet(snippet: snippet(lines, mode: .hidden), result: result))
        #expect(hidden.contains("<span class=\"diagnostic-message\">line 2: error: Fatal error: Index out of range</span>"))
        #expect(!hidden.contains("line-problem"))
    }

    @Test("the underline covers the token at the column, a whole string literal, one character, or the rest of a statement")
    func markedRange() {
        #expect(SnippetMarkup.markedRange(in: "let a = undefinedName + 1", column: 9, wholeStatement: false) == 8..<21)
        #expect(SnippetMarkup.markedRange(in: #"let s: Int = "a \"b\"" // no"#, column: 14, wholeStatement: false) == 13..<22)
        #expect(SnippetMarkup.markedRange(in: "x += é", column: 3, wholeStatement: false) == 2..<3)
        #expect(SnippetMarkup.markedRange(in: "x = (é)", column: 6, wholeStatement: false) == 5..<7)
        #expect(SnippetMarkup.markedRange(in: "  fatalError()  ", column: 3, wholeStatement: true) == 2..<14)
        #expect(SnippetMarkup.markedRange(in: "let b = f() // => 3", column: 9, upTo: 12, wholeStatement: true) == 8..<11)
        #expect(SnippetMarkup.markedRange(in: "let b = 1", column: 12, wholeStatement: false) == nil)
        #expect(SnippetMarkup.markedRange(in: "let b = 1", column: 0, wholeStatement: true) == nil)
    }

    @Test("a location quoted in a message is named as the reader sees it: a snippet line, a hidden line, another example")
    func readerText() {
        let lines = ReaderLines(Snippet(location: SourceLocation(path: "content/a.md", line: 5), nodeID: 1, mode: .shared,
                                        lines: [.init(number: 6, code: "a", isHidden: false), .init(number: 7, code: "b", isHidden: true),
                                                .init(number: 8, code: "c", isHidden: false)]))
        #expect(SnippetMarkup.heading(of: .warning(DiagnosticID("test.fixture"), at: nil, "slow"), lines: lines) == "warning: slow")
        #expect(SnippetMarkup.heading(of: .error(DiagnosticID("test.fixture"), at: SourceLocation(path: "content/a.md", line: 8), "e"), lines: lines) == "line 2: error: e")
        #expect(SnippetMarkup.readerText("at content/a.md:6:9, content/a.md:7, content/a.md:8, content/a.md:5, content/a.md:9, "
                                         + "content/a.md:3 and content/a.md:30 and content/a.md.", hiding: "content/a.md", lines: lines)
                == "at line 1, a hidden line, line 2, this example, this example, an earlier example and a later example and this article.")
        #expect(SnippetMarkup.readerText("nothing to hide", hiding: "content/a.md", lines: lines) == "nothing to hide")
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
            failures: [.init(.trapped, location: location, message: "trapped")])))
        #expect(failed.contains("<figcaption class=\"snippet-bar\" data-pagefind-ignore><span class=\"snippet-label\">Failed</span></figcaption>"))
        #expect(!failed.contains("snippet-language"))
    }
}
