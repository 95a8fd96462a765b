import DocentCore
import DocentMarkdown

/// Docent's HTML for one snippet: its visible code with each line's value beside it, what it printed,
/// and any diagnostic or unmet expectation, in a `<figure class="snippet">` that replaces the code block.
///
/// ```swift
/// let html = SnippetMarkup().render(CheckedSnippet(snippet: snippet, result: result))
/// ```
/// Everything that came from running code is HTML-escaped.
public struct SnippetMarkup: Sendable {
    public init() {}

    public func render(_ checked: CheckedSnippet) -> String {
        let snippet = checked.snippet
        let result = checked.result
        let showsCode = snippet.mode != .hidden
        let output = outputMarkup(checked)
        let problems = problemsMarkup(result)
        let label = Self.label(for: checked)
        if !showsCode && output.isEmpty && problems.isEmpty && label == nil { return "" }

        var html = "<figure class=\"snippet\(showsCode ? "" : " snippet-hidden")\" data-status=\"\(result.status.rawValue)\""
            + " data-source=\"\(HTML.escape(snippet.name))\">\n"
        if let label {
            html += "<figcaption class=\"snippet-label\">\(HTML.escape(label))</figcaption>\n"
        }
        if showsCode { html += codeMarkup(checked) }
        html += output + problems
        html += "</figure>\n"
        return html
    }

    /// `<pre class="snippet-code">`: one `.line` per visible line, with its `.result` when the line produced a value.
    private func codeMarkup(_ checked: CheckedSnippet) -> String {
        let result = checked.result
        var valuesByLine: [Int: SnippetResult.LineValue] = [:]
        for value in result.values { valuesByLine[value.line] = value }
        let mismatched = Set(result.failures.filter { $0.expected != nil }.map(\.location.line))

        var html = "<pre class=\"snippet-code\"><code class=\"language-\(HTML.escape(checked.snippet.language))\">"
        for line in checked.snippet.visibleLines {
            let value = valuesByLine[line.number]
            var code = line.code
            // The results column shows the value, so the author's `// => value` comment is not repeated.
            if value != nil, let comment = ValueComment.find(in: code[...]) {
                code = String(decoding: Array(code.utf8)[..<comment.commentOffset], as: UTF8.self)
                while code.last == " " || code.last == "\t" { code.removeLast() }
            }
            html += "<span class=\"line\" data-line=\"\(line.number)\"><span class=\"code\">\(HTML.escape(code))\n</span>"
            if let value {
                let classes = mismatched.contains(line.number) ? "result mismatch" : "result"
                html += "<span class=\"\(classes)\" data-line=\"\(line.number)\">\(HTML.escape(value.text))"
                if value.count > 1 { html += "<span class=\"result-count\"> (\(value.count) times)</span>" }
                html += "</span>"
            }
            html += "</span>"
        }
        html += "</code></pre>\n"
        return html
    }

    /// What the snippet printed; for `ignore`, the author's expected output, which was never checked.
    private func outputMarkup(_ checked: CheckedSnippet) -> String {
        let result = checked.result
        switch result.status {
        case .ignored:
            guard let expected = checked.snippet.expectedOutput, !expected.text.isEmpty else { return "" }
            return "<pre class=\"output\">\n\(HTML.escape(expected.text))</pre>\n"
        case .notRun:
            return ""
        default:
            var html = ""
            if !result.output.isEmpty {
                html += "<pre class=\"output\">\n\(HTML.escape(ResultChecker.trimmingTrailingNewlines(result.output)))</pre>\n"
            }
            if result.outputTruncated {
                html += "<p class=\"output-truncated\">Output truncated: the snippet printed more than the output limit.</p>\n"
            }
            return html
        }
    }

    /// Compiler errors, traps and time-outs, then each unmet expectation with what was expected and what happened.
    private func problemsMarkup(_ result: SnippetResult) -> String {
        var items: [String] = result.diagnostics.map { diagnostic in
            "<pre class=\"diagnostic diagnostic-\(diagnostic.severity.rawValue)\">\(HTML.escape(diagnostic.description))</pre>\n"
        }
        for failure in result.failures where failure.expected != nil || failure.actual != nil || result.diagnostics.isEmpty {
            var html = "<div class=\"failure\">\n<p class=\"failure-message\">"
                + "\(HTML.escape("\(failure.location.path):\(failure.location.line)")): \(HTML.escape(failure.message))</p>\n"
            if let expected = failure.expected {
                html += "<div class=\"expected\"><span class=\"failure-heading\">Expected</span><pre>\n\(HTML.escape(expected))</pre></div>\n"
            }
            if failure.expected != nil || failure.actual != nil {
                html += "<div class=\"actual\"><span class=\"failure-heading\">Actual</span><pre>\n\(HTML.escape(failure.actual ?? "(nothing)"))</pre></div>\n"
            }
            html += "</div>\n"
            items.append(html)
        }
        guard !items.isEmpty else { return "" }
        return "<div class=\"snippet-problems\">\n" + items.joined() + "</div>\n"
    }

    /// The visible label of a snippet that did not simply pass.
    static func label(for checked: CheckedSnippet) -> String? {
        switch checked.result.status {
        case .passed: return nil
        case .failed: return "Failed"
        case .notRun: return "Not run"
        case .ignored: return "Not verified"
        case .expectedFailure:
            if case .crash = checked.snippet.mode { return "Traps, as intended" }
            return "Does not compile, as intended"
        }
    }
}
