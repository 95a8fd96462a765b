import Foundation
import DocentCore
import DocentMarkdown

/// Docent's HTML for one snippet: its visible code with each line's value beside it, what it printed,
/// and any diagnostic or unmet expectation, in a `<figure class="snippet">` that replaces the code block.
///
/// ```swift
/// let html = SnippetMarkup().render(CheckedSnippet(snippet: snippet, result: result), index: 0)
/// ```
/// Everything that came from the author's code or from running it is HTML-escaped. Readers never see a
/// repository path or the Markdown file's line numbers: a compiler error or trap on a line they see marks that line
/// and sits under it; other problems name the line as the reader counts the snippet's lines (`line 2: error: …`).
public struct SnippetMarkup: Sendable {
    /// The number readers know each snippet by ("Example 4"), by its index in the article
    /// (``Verification/exampleNumbers(_:)``): it names the snippets whose code made a place produce values.
    public var exampleNumbers: [Int: Int]
    /// Where highlighted code is kept between builds (``AnalysisCache``); `nil` highlights every snippet.
    public var highlights: AnalysisCache?

    public init(exampleNumbers: [Int: Int] = [:]) {
        self.exampleNumbers = exampleNumbers
    }

    /// The figure of one snippet. `index` is the snippet's position among its article's snippets, counting from 0
    /// as `enumerated()` does (hidden ones included); it gives the figure its `id` (`example-1` for index 0), the
    /// anchor the verification badge links to. Without it the figure has no `id`.
    public func render(_ checked: CheckedSnippet, index: Int? = nil) -> String {
        let snippet = checked.snippet
        let result = checked.result
        let showsCode = snippet.mode != .hidden
        let output = outputMarkup(checked)
        let placed = Self.placedDiagnostics(checked)
        let problems = problemsMarkup(checked, placed: placed)
        let label = Self.label(for: checked)
        if !showsCode && output.isEmpty && problems.isEmpty && label == nil { return "" }

        var html = "<figure class=\"snippet\(showsCode ? "" : " snippet-hidden")\""
        if let index { html += " id=\"\(Verification.anchor(forSnippetAt: index))\"" }
        html += " data-status=\"\(result.status.rawValue)\" data-source=\"\(HTML.escape(snippet.name))\">\n"
        html += captionMarkup(language: showsCode ? snippet.language : nil, label: label)
        if showsCode { html += codeMarkup(checked, index: index, problems: placed) }
        html += output + problems
        html += "</figure>\n"
        return html
    }

    /// The bar above the code: its language, and the verdict when it is not a plain pass. The page's script adds
    /// the copy button here.
    private func captionMarkup(language: String?, label: String?) -> String {
        guard language != nil || label != nil else { return "" }
        var html = "<figcaption class=\"snippet-bar\" data-pagefind-ignore>"
        if let language, !language.isEmpty {
            html += "<span class=\"snippet-language\">\(HTML.escape(Self.languageName(language)))</span>"
        }
        if let label { html += "<span class=\"snippet-label\">\(HTML.escape(label))</span>" }
        return html + "</figcaption>\n"
    }

    /// `<pre class="snippet-code">`: one `.line` per visible line, with its `.result`s (one per place on the line
    /// that produced a value, left to right), unless the author quieted them (``Snippet/showsValues(ofLine:)``). The `<code>` carries `--code-width`, the width in characters of
    /// the longest line that has a value (up to ``alignedWidthLimit``): the stylesheet starts the results column
    /// there, so the values line up. A line with a value whose code is longer than that is `line-long`, and its
    /// values go under it. The diagnostics located on a line (`problems`, by Markdown line) sit under it; a line with
    /// a compiler error or a trap is `line-failed`, and its code at the first error's column is underlined
    /// (`problem-mark`).
    private func codeMarkup(_ checked: CheckedSnippet, index: Int?, problems: [Int: [Diagnostic]]) -> String {
        let result = checked.result
        let snippet = checked.snippet
        let valuesByLine = Dictionary(grouping: result.values.filter { snippet.showsValues(ofLine: $0.line) }, by: \.line)
        let mismatched = Set(result.failures.filter { $0.expected != nil }.map(\.location.line))
        var commentOffsets: [Int: Int] = [:]
        for value in checked.snippet.expectedValues { commentOffsets[value.line] = value.commentOffset }
        let pieces = Self.pieces(of: checked.snippet, highlights: highlights)

        struct Row {
            var number: Int; var pieces: [CodePiece]; var width: Int; var values: [SnippetResult.LineValue]; var mark: Range<Int>?
        }
        let rows: [Row] = checked.snippet.visibleLines.map { line in
            let values = valuesByLine[line.number] ?? []
            var linePieces = pieces[line.number] ?? [CodePiece(cssClass: nil, text: line.code)]
            // The results column shows the value, so the author's `// => value` comment is not repeated; a
            // `// docent:quiet` comment is for the author alone.
            let quiet = snippet.quietMarks.first { $0.line == line.number }?.commentOffset
            var shownBytes: Int?
            if let offset = quiet ?? (values.isEmpty ? nil : commentOffsets[line.number]), offset <= line.code.utf8.count {
                linePieces = CodePiece.cut(linePieces, atUTF8Offset: offset)
                shownBytes = offset
            }
            let mark = problems[line.number]?.first { $0.severity == .error }?.location.flatMap { location in
                Self.markedRange(in: line.code, column: location.column, upTo: shownBytes,
                                 wholeStatement: checked.result.trapped)
            }
            let width = linePieces.reduce(0) { $0 + Self.displayWidth($1.text) }
            return Row(number: line.number, pieces: linePieces, width: width, values: values, mark: mark)
        }
        let codeWidth = rows.filter { !$0.values.isEmpty && $0.width <= Self.alignedWidthLimit }.map(\.width).max() ?? 0

        var html = "<pre class=\"snippet-code\"><code class=\"language-\(HTML.escape(checked.snippet.language))\""
        if codeWidth > 0 { html += " style=\"--code-width: \(codeWidth)ch\"" }
        html += ">"
        let lines = ReaderLines(checked.snippet)
        for row in rows {
            let isLong = !row.values.isEmpty && row.width > codeWidth
            let failure = problems[row.number]
            let failed = failure?.contains { $0.severity == .error } == true
            html += "<span class=\"line\(isLong ? " line-long" : "")\(failed ? " line-failed" : "")\" data-line=\"\(row.number)\">"
            html += "<span class=\"code\">" + CodePiece.html(of: row.pieces, marking: row.mark) + "\n</span>"
            if !row.values.isEmpty {
                let classes = mismatched.contains(row.number) ? "results mismatch" : "results"
                html += "<span class=\"\(classes)\" data-line=\"\(row.number)\" data-pagefind-ignore>"
                html += row.values.map { resultMarkup($0, snippet: index) }
                    .joined(separator: "<span class=\"result-separator\"> · </span>")
                html += "</span>"
            }
            if let failure { html += Self.lineProblemMarkup(failure, path: checked.snippet.location.path, lines: lines) }
            html += "</span>"
        }
        html += "</code></pre>\n"
        return html
    }

    /// Code lines longer than this many characters never set the results column: their values go under them.
    static let alignedWidthLimit = 52

    /// One place's value: the value itself, or for a place that ran many times its count and last value, with the
    /// values the runtime kept (the first ones and the last, numbered) in `data-history` as JSON `[[n, "whole
    /// value"], …]`. A value longer than its summary carries the whole text in `data-full`. What other snippets' code
    /// made the place produce (a function called further down) is in `data-elsewhere`, one entry per snippet
    /// (`{"count":38,"from":"Example 4","href":"#example-4","values":[[1, "…"], …]}`); a place only other
    /// snippets reached shows beside its line how often and where from (`38× later`), not their value. The page's
    /// script lets readers open all of it under the line.
    func resultMarkup(_ value: SnippetResult.LineValue, snippet index: Int? = nil) -> String {
        var attributes = " data-column=\"\(value.column)\""
        if value.full != value.text { attributes += " data-full=\"\(HTML.escape(value.full))\"" }
        if value.isCut { attributes += " data-cut=\"true\"" }
        if !value.elsewhere.isEmpty { attributes += " data-elsewhere=\"\(HTML.escape(elsewhereJSON(value.elsewhere)))\"" }
        if value.isOnlyElsewhere {
            let count = value.elsewhere.reduce(0) { $0 + $1.count }
            let snippets = value.elsewhere.map(\.snippet)
            let when = index.map { own in
                snippets.allSatisfy { $0 > own } ? "later" : snippets.allSatisfy { $0 < own } ? "earlier" : "elsewhere"
            } ?? "elsewhere"
            attributes += " title=\"\(count) \(count == 1 ? "value" : "values") from \(when == "elsewhere" ? "other" : when) examples\""
            return "<span class=\"result result-elsewhere\"\(attributes)><span class=\"result-count\">\(count)×</span> "
                + "<span class=\"result-from\">\(when)</span></span>"
        }
        guard value.count > 1 else {
            return "<span class=\"result\"\(attributes)>\(HTML.escape(value.text))</span>"
        }
        attributes += " data-count=\"\(value.count)\" data-history=\"\(HTML.escape(Self.historyJSON(value.history)))\""
        let first = value.history.first.map { "\nfirst: \($0.text)" } ?? ""
        attributes += " title=\"\(HTML.escape("\(value.count) times\(first)\nlast: \(value.text)"))\""
        return "<span class=\"result result-repeated\"\(attributes)><span class=\"result-count\">\(value.count)×</span> "
            + "<span class=\"result-value\">\(HTML.escape(value.text))</span></span>"
    }

    /// Recorded values as JSON pairs of number and whole value: `[[1,"0"],[2,"1"]]`.
    static func historyJSON(_ values: [SnippetResult.LineValue.Recorded]) -> String {
        "[" + values.map { "[\($0.ordinal),\(Self.jsonString($0.full))]" }.joined(separator: ",") + "]"
    }

    /// `text` as a JSON string.
    static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// What other snippets made a place produce, as JSON: each snippet's name for readers (`Example 4`, or `Hidden
    /// code` for a snippet readers do not see), the link to its figure, its count and its values.
    private func elsewhereJSON(_ elsewhere: [SnippetResult.LineValue.Elsewhere]) -> String {
        "[" + elsewhere.map { other in
            var fields = "{\"count\":\(other.count),"
            if let number = exampleNumbers[other.snippet] {
                fields += "\"from\":\(Self.jsonString("Example \(number)")),\"href\":\"#\(Verification.anchor(forSnippetAt: other.snippet))\","
            } else {
                fields += "\"from\":\"Hidden code\","
            }
            return fields + "\"values\":\(Self.historyJSON(other.values))}"
        }.joined(separator: ",") + "]"
    }

    /// What the snippet printed; for `ignore`, the author's expected output, which was never checked.
    private func outputMarkup(_ checked: CheckedSnippet) -> String {
        let result = checked.result
        switch result.status {
        case .ignored:
            guard let expected = checked.snippet.expectedOutput, !expected.text.isEmpty else { return "" }
            return "<pre class=\"output\" role=\"group\" aria-label=\"Output\">\n\(HTML.escape(expected.text))</pre>\n"
        case .notRun:
            return ""
        default:
            var html = ""
            if !result.output.isEmpty {
                html += "<pre class=\"output\" role=\"group\" aria-label=\"Output\">\n\(HTML.escape(ResultChecker.trimmingTrailingNewlines(result.output)))</pre>\n"
            }
            if result.outputTruncated {
                html += "<p class=\"output-truncated\">Output truncated: the snippet printed more than the output limit.</p>\n"
            }
            return html
        }
    }

    /// The visible label of a snippet that did not simply pass.
    static func label(for checked: CheckedSnippet) -> String? {
        switch checked.result.status {
        case .passed: return nil
        case .failed: return "Failed"
        case .notRun: return "Not run"
        case .compiledNotRun: return "Compiled, not run"
        case .ignored: return checked.snippet.listing?.label ?? "Not verified"
        case .expectedFailure:
            if checked.snippet.mode == .crash || checked.result.trapped { return "Traps, as intended" }
            return "Does not compile, as intended"
        }
    }

    /// How the bar names a fence's language: `Swift` for `swift`.
    static func languageName(_ language: String) -> String {
        switch language.lowercased() {
        case "swift": return "Swift"
        case "objc", "objective-c": return "Objective-C"
        case "json", "yaml", "html", "css", "xml", "sql": return language.uppercased()
        default: return language.prefix(1).uppercased() + language.dropFirst()
        }
    }

    /// How many monospace cells `text` takes: one per character, two for East Asian wide ones, eight per tab stop.
    static func displayWidth(_ text: String) -> Int {
        var width = 0
        for character in text {
            if character == "\t" {
                width += 8 - width % 8
            } else if let scalar = character.unicodeScalars.first, Self.isWide(scalar) {
                width += 2
            } else {
                width += 1
            }
        }
        return width
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
             0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
