/// A `// => value` comment: an expectation on the value of the code on its line.
public struct ValueComment: Sendable, Hashable, Codable {
    /// 1-based line of the comment.
    public var line: Int
    /// Column (UTF-8 bytes, 1-based) of the `//`.
    public var commentColumn: Int
    /// Column where the value text starts, after `=>` and spaces (just past them when the value is empty).
    public var valueColumn: Int
    /// The expected value, trimmed.
    public var text: String
    /// True when the comment is alone on its line (no code before it), which Docent rejects.
    public var standalone: Bool
    /// 0-based UTF-8 offset of the `//` in the block.
    public var commentOffset: Int
    /// 0-based UTF-8 offset where the value starts.
    public var valueOffset: Int

    public init(
        line: Int, commentColumn: Int, valueColumn: Int, text: String, standalone: Bool,
        commentOffset: Int, valueOffset: Int
    ) {
        self.line = line
        self.commentColumn = commentColumn
        self.valueColumn = valueColumn
        self.text = text
        self.standalone = standalone
        self.commentOffset = commentOffset
        self.valueOffset = valueOffset
    }
}
