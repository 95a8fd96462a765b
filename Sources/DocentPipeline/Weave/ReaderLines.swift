import DocentCore

/// How a reader's page names a line of the Markdown file from within one snippet: readers never see the file's
/// line numbers, only a snippet's own visible lines, counted from 1 as they read them.
///
/// ```swift
/// let lines = ReaderLines(snippet)   // a snippet whose visible lines are Markdown lines 41, 43 (42 is `# ` hidden)
/// lines.number(ofMarkdownLine: 43)   // 2
/// lines.place(ofMarkdownLine: 42)    // "a hidden line"
/// ```
struct ReaderLines: Sendable {
    /// The snippet's visible lines by Markdown line: their number counting visible lines only, from 1.
    private var visible: [Int: Int] = [:]
    private var hidden: Set<Int> = []
    /// The Markdown lines the snippet's fence and code take, fences included.
    private var span: ClosedRange<Int>

    init(_ snippet: Snippet) {
        for line in snippet.lines {
            if line.isHidden {
                hidden.insert(line.number)
            } else {
                visible[line.number] = visible.count + 1
            }
        }
        let last = snippet.lines.map(\.number).max() ?? snippet.location.line
        span = snippet.location.line...max(last + 1, snippet.location.line)
    }

    /// The number a reader gives the line (the snippet's visible lines counted from 1); nil for a line they do not
    /// see in this snippet.
    func number(ofMarkdownLine line: Int) -> Int? { visible[line] }

    /// The line as a message may name it: `line 2` in this snippet, or where it is when the reader has no number
    /// for it (`a hidden line`, `this example` for its fences, `an earlier example`, `a later example`).
    func place(ofMarkdownLine line: Int) -> String {
        if let number = visible[line] { return "line \(number)" }
        if hidden.contains(line) { return "a hidden line" }
        if span.contains(line) { return "this example" }
        return line < span.lowerBound ? "an earlier example" : "a later example"
    }
}
