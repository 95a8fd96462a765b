import DocentCore
import Testing
@testable import DocentPipeline

@Suite("SnippetMarkup: a snippet's figure in the page")
struct SnippetMarkupTests {
    let text = """
    ---
    title: T
    date: 2026-01-02
    ---

    ```swift
    # import Foundation
    let tag = "<b>" // => "<b>"
    for i in 1...3 { print("<script>alert(\\(i))</script>") }
    ```

    ```output
    old
    ```

    ```python
    print("kept")
    ```

    """

    func woven(_ run: SnippetRun) throws -> (html: String, checked: CheckedSnippet) {
        let article = try parsedArticle(text)
        let snippet = try #require(try SnippetExtractor().extract(article).first)
        let checked = CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, run))
        let html = try PageWeaver(articles: [article], assets: []).weave(article, snippets: [checked]).html
        return (html, checked)
    }

    let printed = (1...3).map { "<script>alert(\($0))</script>" }.joined(separator: "\n") + "\n"

    @Test("the figure carries status and source; hidden lines are gone; each value sits on its Markdown line")
    func figure() throws {
        let run = SnippetRun(outcome: .completed, values: [.init(line: 8, column: 5, text: "\"<b>\""),
                                                           .init(line: 9, column: 5, text: "3", count: 3,
                                                                 history: [.init(ordinal: 1, text: "1"), .init(ordinal: 2, text: "2"),
                                                                           .init(ordinal: 3, text: "3")]),
                                                           .init(line: 9, column: 18, text: "\"a…\"", full: "\"a <long> value\"")],
                             output: printed)
        let (html, _) = try woven(run)
        #expect(html.contains("<figure class=\"snippet\" id=\"example-1\" data-status=\"failed\" data-source=\"content/x.md:6\">\n"
                              + "<figcaption class=\"snippet-bar\" data-pagefind-ignore><span class=\"snippet-language\">Swift</span>"
                              + "<span class=\"snippet-label\">Failed</span></figcaption>"))
        #expect(!html.contains("import Foundation"))
        // The results column starts after the longest line with a value (`let tag = "<b>"`, its `// =>` comment cut).
        #expect(html.contains("<code class=\"language-swift\" style=\"--code-width: 15ch\">"))
        // Swift is highlighted; the `// =>` comment is cut from the highlighted runs.
        #expect(html.contains("<span class=\"line\" data-line=\"8\"><span class=\"code\"><span class=\"hl-keyword\">let</span> tag "
                              + "<span class=\"hl-operator\">=</span> <span class=\"hl-string\">&quot;&lt;b&gt;&quot;</span>\n</span>"
                              + "<span class=\"results\" data-line=\"8\" data-pagefind-ignore><span class=\"result\" data-column=\"5\">&quot;&lt;b&gt;&quot;</span></span></span>"))
        // Line 9 is longer than the aligned width limit: its values go under it.
        #expect(html.contains("<span class=\"line line-long\" data-line=\"9\">"))
        // Two places on one line, left to right: one ran three times (count and last value; its values numbered), one
        // has a longer whole value.
        #expect(html.contains("<span class=\"results\" data-line=\"9\" data-pagefind-ignore><span class=\"result result-repeated\" data-column=\"5\""
                              + " data-count=\"3\" data-history=\"[[1,&quot;1&quot;],[2,&quot;2&quot;],[3,&quot;3&quot;]]\""
                              + " title=\"3 times\nfirst: 1\nlast: 3\">"
                              + "<span class=\"result-count\">3×</span> <span class=\"result-value\">3</span></span><span class=\"result-separator\"> · </span>"
                              + "<span class=\"result\" data-column=\"18\" data-full=\"&quot;a &lt;long&gt; value&quot;\">&quot;a…&quot;</span></span>"))
    }

    @Test("everything printed is escaped: a <script> from the code never reaches the page as markup")
    func escaping() throws {
        let (html, _) = try woven(SnippetRun(outcome: .completed, output: printed))
        #expect(!html.contains("<script>"))
        #expect(html.contains("<pre class=\"output\" role=\"group\" aria-label=\"Output\">\n&lt;script&gt;alert(1)&lt;/script&gt;\n"))
        // The failed output check shows the expected and actual text, escaped too.
        #expect(html.contains("<div class=\"expected\"><span class=\"failure-heading\">Expected</span><pre>\nold</pre></div>"))
        #expect(html.contains("<div class=\"actual\"><span class=\"failure-heading\">Actual</span><pre>\n&lt;script&gt;"))
    }

    @Test("the output block is folded into the figure; other code blocks keep cmark's rendering")
    func otherBlocks() throws {
        let (html, _) = try woven(SnippetRun(outcome: .completed, values: [.init(line: 8, text: "\"<b>\"")], output: "old\n"))
        #expect(!html.contains("<pre><code>old"))
        #expect(html.contains("<pre><code class=\"language-python\">print(&quot;kept&quot;)\n</code></pre>"))
        #expect(html.contains("data-status=\"passed\""))
        #expect(!html.contains("snippet-label"))
    }

    @Test("diagnostics are shown and escaped; a truncated output says so")
    func diagnosticsAndTruncation() throws {
        let trap = Diagnostic.error(DiagnosticID("execute.trap"), at: SourceLocation(path: "content/x.md", line: 9), "Fatal error: <boom>")
        let (html, _) = try woven(SnippetRun(outcome: .trapped(message: "Fatal error: <boom>"), output: "partial",
                                             outputTruncated: true, diagnostics: [trap]))
        // The trap sits under the line it happened on (Markdown line 9), never naming a path or that number.
        #expect(html.contains("<span class=\"line-problem\" data-pagefind-ignore><span class=\"diagnostic-message diagnostic-error\">"
                              + "error: Fatal error: &lt;boom&gt;</span></span></span>"))
        #expect(html.contains("<span class=\"line line-failed\" data-line=\"9\"><span class=\"code\"><span class=\"problem-mark\"><span class=\"hl-keyword\">for</span>"))
        #expect(!html.contains("line 9"))
        #expect(!html.contains(">content/x.md"))
        #expect(html.contains("<p class=\"output-truncated\">"))
        #expect(html.contains("<span class=\"snippet-label\">Failed</span>"))
    }

    @Test("ignore is labelled not verified and shows the author's output; hidden snippets show nothing when they pass")
    func labels() {
        let location = SourceLocation(path: "content/x.md", line: 3)
        let ignored = Snippet(location: location, nodeID: 1, mode: .ignore, lines: [.init(number: 4, code: "UIView()", isHidden: false)],
                              expectedOutput: .init(text: "<view>", location: location, nodeID: 2, firstLine: 8, lastLine: 8))
        let html = SnippetMarkup().render(CheckedSnippet(snippet: ignored, result: SnippetResult(status: .ignored)))
        #expect(html.contains("data-status=\"ignored\""))
        #expect(html.contains("<span class=\"snippet-label\">Not verified</span>"))
        #expect(html.contains("<pre class=\"output\" role=\"group\" aria-label=\"Output\">\n&lt;view&gt;</pre>"))

        let hidden = Snippet(location: location, nodeID: 1, mode: .hidden, lines: [.init(number: 4, code: "let x = 1", isHidden: false)])
        #expect(SnippetMarkup().render(CheckedSnippet(snippet: hidden, result: SnippetResult(status: .passed))) == "")
        let failedHidden = SnippetMarkup().render(CheckedSnippet(snippet: hidden, result: SnippetResult(status: .failed,
            failures: [.init(.trapped, location: location, message: "trapped: boom")])))
        #expect(failedHidden.contains("snippet-hidden") && failedHidden.contains("trapped: boom") && !failedHidden.contains("let x"))
    }

    @Test("expected failures are labelled as intended")
    func expectedFailureLabel() {
        let location = SourceLocation(path: "content/x.md", line: 3)
        let crash = Snippet(location: location, nodeID: 1, mode: .crash, lines: [])
        let html = SnippetMarkup().render(CheckedSnippet(snippet: crash, result: SnippetResult(status: .expectedFailure)))
        #expect(html.contains("data-status=\"expected-failure\"") && html.contains("Traps, as intended"))
    }

    @Test("a repeated place lists its numbered values; what other examples made it produce is listed apart, by example")
    func valueHistory() {
        let markup = SnippetMarkup(exampleNumbers: [0: 1, 3: 2])
        let greeting = SnippetResult.LineValue(line: 9, column: 12, text: "\"Hi\"", count: 2,
                                               history: [.init(ordinal: 1, text: "\"Hey\""), .init(ordinal: 2, text: "\"Hi\"")],
                                               elsewhere: [.init(snippet: 3, count: 38, values: [.init(ordinal: 38, text: "\"Bye, \"")]),
                                                           .init(snippet: 2, count: 1, values: [.init(ordinal: 1, text: "\"<b>\"")])])
        let html = markup.resultMarkup(greeting, snippet: 0)
        #expect(html == "<span class=\"result result-repeated\" data-column=\"12\" data-elsewhere=\"["
                + "{&quot;count&quot;:38,&quot;from&quot;:&quot;Example 2&quot;,&quot;href&quot;:&quot;#example-4&quot;,"
                + "&quot;values&quot;:[[38,&quot;\\&quot;Bye, \\&quot;&quot;]]},"
                + "{&quot;count&quot;:1,&quot;from&quot;:&quot;Hidden code&quot;,&quot;values&quot;:[[1,&quot;\\&quot;&lt;b&gt;\\&quot;&quot;]]}]\""
                + " data-count=\"2\" data-history=\"[[1,&quot;\\&quot;Hey\\&quot;&quot;],[2,&quot;\\&quot;Hi\\&quot;&quot;]]\""
                + " title=\"2 times\nfirst: &quot;Hey&quot;\nlast: &quot;Hi&quot;\">"
                + "<span class=\"result-count\">2×</span> <span class=\"result-value\">&quot;Hi&quot;</span></span>")
        // A place only later examples reached says how often and where from beside its line, not their value.
        let onlyLater = SnippetResult.LineValue(line: 9, column: 12, text: "\"Bye, \"", count: 0,
                                                elsewhere: [.init(snippet: 3, count: 38, values: [.init(ordinal: 38, text: "\"Bye, \"")])])
        let later = markup.resultMarkup(onlyLater, snippet: 0)
        #expect(later.hasPrefix("<span class=\"result result-elsewhere\" data-column=\"12\" data-elsewhere=\"[{&quot;count&quot;:38,"))
        #expect(later.hasSuffix(" title=\"38 values from later examples\"><span class=\"result-count\">38×</span> "
                                + "<span class=\"result-from\">later</span></span>"))
        #expect(!later.contains("result-value"))
        #expect(markup.resultMarkup(onlyLater, snippet: 5).contains("<span class=\"result-from\">earlier</span>"))
    }
}
