import DocentCore
import DocentMarkdown

/// Compiler errors, traps and unmet expectations as readers see them: a diagnostic on a line they can see sits
/// under that line, which is marked (``lineProblemMarkup(_:lines:)``); the others, and each unmet expectation, go in
/// the box under the snippet (``problemsMarkup(_:placed:)``). Lines are named as the reader counts them
/// (``ReaderLines``), never by the Markdown file's numbers.
extension SnippetMarkup {
    /// The diagnostics that sit under a visible line of the code, by Markdown line: those of a snippet whose code is
    /// shown, located on one of its visible lines.
    static func placedDiagnostics(_ checked: CheckedSnippet) -> [Int: [Diagnostic]] {
        guard checked.snippet.mode != .hidden else { return [:] }
        let visible = Set(checked.snippet.visibleLines.map(\.number))
        var placed: [Int: [Diagnostic]] = [:]
        for diagnostic in checked.result.diagnostics {
            guard let line = diagnostic.location?.line, visible.contains(line) else { continue }
            placed[line, default: []].append(diagnostic)
        }
        return placed
    }

    /// The messages under a marked line: each diagnostic's severity and message (no line: it is the line above),
    /// with its notes under it.
    static func lineProblemMarkup(_ diagnostics: [Diagnostic], path: String, lines: ReaderLines) -> String {
        var html = "<span class=\"line-problem\" data-pagefind-ignore>"
        for diagnostic in diagnostics {
            html += "<span class=\"diagnostic-message diagnostic-\(diagnostic.severity.rawValue)\">"
            html += HTML.escape(readerText("\(diagnostic.severity.rawValue): \(diagnostic.message)", hiding: path, lines: lines))
            html += "</span>"
            for note in diagnostic.notes {
                html += "<span class=\"diagnostic-note\">note: \(HTML.escape(readerText(note, hiding: path, lines: lines)))</span>"
            }
        }
        return html + "</span>"
    }

    /// Where the underline goes in a marked line's code, as UTF-8 offsets: from the diagnostic's column (1-based,
    /// UTF-8 bytes of the code line) to the end of the statement for a trap (the line's code without trailing
    /// spaces or a trailing comment cut from the page), or to the end of the token there for a compile error
    /// (a name or number, a string literal, else one character). Nil when the column is not on the code.
    static func markedRange(in code: String, column: Int, upTo end: Int? = nil, wholeStatement: Bool) -> Range<Int>? {
        let bytes = Array(code.utf8.prefix(end ?? Int.max))
        var last = bytes.count
        while last > 0, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") { last -= 1 }
        let start = column - 1
        guard start >= 0, start < last else { return nil }
        if wholeStatement { return start..<last }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
        var stop = start + 1
        if bytes[start] == UInt8(ascii: "\"") {
            var escaped = false
            while stop < last {
                let byte = bytes[stop]
                stop += 1
                if byte == UInt8(ascii: "\"") && !escaped { break }
                escaped = byte == UInt8(ascii: "\\") && !escaped
            }
        } else if isWordByte(bytes[start]) {
            while stop < last, isWordByte(bytes[stop]) { stop += 1 }
        } else {
            // One character, all of its UTF-8 bytes.
            while stop < last, bytes[stop] & 0xC0 == 0x80 { stop += 1 }
        }
        return start..<stop
    }

    /// Diagnostics that have no visible line to sit under, then each unmet expectation with what was expected and
    /// what happened, each named by the reader's line when it has one.
    func problemsMarkup(_ checked: CheckedSnippet, placed: [Int: [Diagnostic]]) -> String {
        let result = checked.result
        let path = checked.snippet.location.path
        let lines = ReaderLines(checked.snippet)
        let unplaced = result.diagnostics.filter { diagnostic in diagnostic.location.map { placed[$0.line] == nil } ?? true }
        var items: [String] = unplaced.map { diagnostic in
            var text = "<span class=\"diagnostic-message\">\(HTML.escape(Self.readerText(Self.heading(of: diagnostic, lines: lines), hiding: path, lines: lines)))</span>"
            for note in diagnostic.notes {
                text += "\n<span class=\"diagnostic-note\">  note: \(HTML.escape(Self.readerText(note, hiding: path, lines: lines)))</span>"
            }
            return "<pre class=\"diagnostic diagnostic-\(diagnostic.severity.rawValue)\">\(text)</pre>\n"
        }
        for failure in result.failures where failure.expected != nil || failure.actual != nil || result.diagnostics.isEmpty {
            let place = lines.number(ofMarkdownLine: failure.location.line).map { "line \($0): " } ?? ""
            let message = place + Self.readerText(failure.message, hiding: path, lines: lines)
            var html = "<div class=\"failure\">\n<p class=\"failure-message\">\(HTML.escape(message))</p>\n"
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

    /// `line 2: error: message` for a line the reader sees (counted within the snippet), else `error: message`.
    static func heading(of diagnostic: Diagnostic, lines: ReaderLines) -> String {
        let place = diagnostic.location.flatMap { lines.number(ofMarkdownLine: $0.line) }.map { "line \($0): " } ?? ""
        return "\(place)\(diagnostic.severity.rawValue): \(diagnostic.message)"
    }

    /// `text` with every `path:LINE` or `path:LINE:COLUMN` of the snippet's file named as the reader would
    /// (``ReaderLines/place(ofMarkdownLine:)``: `line 2`, `a hidden line`, `an earlier example`…), and the path
    /// alone written `this article`: a message that quotes a location never shows the file or its line numbers.
    static func readerText(_ text: String, hiding path: String, lines: ReaderLines) -> String {
        guard !path.isEmpty, text.contains(path) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: path) {
            result += rest[..<range.lowerBound]
            rest = rest[range.upperBound...]
            let numbers = Self.locationNumbers(at: rest)
            if let line = numbers.line {
                result += lines.place(ofMarkdownLine: line)
                rest = rest.dropFirst(numbers.length)
            } else {
                result += "this article"
            }
        }
        return result + rest
    }

    /// The `:LINE` or `:LINE:COLUMN` at the start of `text`: the line and how many characters it takes.
    private static func locationNumbers(at text: Substring) -> (line: Int?, length: Int) {
        var length = 0
        var numbers: [Int] = []
        var rest = text
        while numbers.count < 2, rest.first == ":" {
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let number = Int(digits) else { break }
            numbers.append(number)
            length += 1 + digits.count
            rest = rest.dropFirst(1 + digits.count)
        }
        return (numbers.first, length)
    }
}
