/// The lines of a Markdown source, for facts cmark's API does not expose (how a code fence was written).
struct SourceLines {
    private let lines: [Substring]

    init(_ source: String) {
        lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The fence that opens a code block starting at `line`, or `nil` for an indented code block.
    func fence(atLine line: Int, column: Int) -> CodeFence? {
        guard line >= 1, line <= lines.count else { return nil }
        let text = lines[line - 1]
        let indent = text.prefix { $0 == " " }.count
        let rest = text.dropFirst(indent)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        return CodeFence(character: first, length: length, indent: indent)
    }
}
