/// The lines of a Markdown source, for facts cmark's API does not expose (how a code fence was written).
struct SourceLines {
    private let lines: [Substring]

    init(_ source: String) {
        lines = source.markdownLines
    }

    /// The fence that opens a code block starting at `line`, or `nil` for an indented code block.
    func fence(atLine line: Int, column: Int) -> CodeFence? {
        guard line >= 1, line <= lines.count else { return nil }
        // cmark's column is the block's first byte after any container prefix (`> `, list indent).
        let utf8 = lines[line - 1].utf8
        let start = utf8.index(utf8.startIndex, offsetBy: max(0, column - 1), limitedBy: utf8.endIndex) ?? utf8.endIndex
        let text = Substring(utf8[start...])
        let indent = text.prefix { $0 == " " }.count
        let rest = text.dropFirst(indent)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        return CodeFence(character: first, length: length, indent: indent)
    }
}
