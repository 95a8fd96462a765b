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

    /// `<pre class="snippet-code">`: one `.line` per visible line, with its `.result`s (one per place on the line
    /// that produced a value, left to right). A place that ran once shows its value; one that ran many times shows
    /// its count, with its first and last values in `data-first`/`data-last`. A value longer than its summary
    /// carries the whole text in `data-full`.
    private func codeMarkup(_ checked: CheckedSnippet) -> String {
        let result = checked.result
        let valuesByLine = Dictionary(grouping: result.values, by: \.line)
        let mismatched = Set(result.failures.filter { $0.expected != nil }.map(\.location.line))
        var commentOffsets: [Int: Int] = [:]
        for value in checked.snippet.expectedValues { commentOffsets[value.line] = value.commentOffset }

        var html = "<pre class=\"snippet-code\"><code class=\"language-\(HTML.escape(checked.snippet.language))\">"
        for line in checked.snippet.visibleLines {
            let values = valuesByLine[line.number] ?? []
            var code = line.code
            // The results column shows the value, so the author's `// => value` comment is not repeated.
            if !values.isEmpty, let offset = commentOffsets[line.number], offset <= code.utf8.count {
                code = String(decoding: Array(code.utf8)[..<offset], as: UTF8.self)
                while code.last == " " || code.last == "\t" { code.removeLast() }
            }
            html += "<span class=\"line\" data-line=\"\(line.number)\"><span class=\"code\">\(HTML.escape(code))\n</span>"
            if !values.isEmpty {
                let classes = mismatched.contains(line.number) ? "results mismatch" : "results"
                html += "<span class=\"\(classes)\" data-line=\"\(line.number)\">"
                html += values.map(Self.resultMarkup).joined(separator: "<span class=\"result-separator\"> · </span>")
                html += "</span>"
            }
            html += "</span>"
        }
        html += "</code></pre>\n"
        return html
    }

    /// One place's value: the value itself, or for a place that ran many times its count with the first and last values.
    static func resultMarkup(_ value: SnippetResult.LineValue) -> String {
        var attributes = " data-column=\"\(value.column)\""
        if value.full != value.text { attributes += " data-full=\"\(HTML.escape(value.full))\"" }
        if value.isCut { attributes += " data-cut=\"true\"" }
        guard value.count > 1 else {
            return "<span class=\"result\"\(attributes)>\(HTML.escape(value.text))</span>"
        }
        let first = value.firstFull ?? value.first ?? ""
        attributes += " data-count=\"\(value.count)\" data-first=\"\(HTML.escape(first))\" data-last=\"\(HTML.escape(value.full))\""
        attributes += " title=\"\(HTML.escape("first: \(value.first ?? "")\nlast: \(value.text)"))\""
        return "<span class=\"result result-repeated\"\(attributes)><span class=\"result-count\">(\(value.count) times)</span></span>"
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
