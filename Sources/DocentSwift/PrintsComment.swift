/// A `// Prints "text"` comment (Apple's documentation convention): an expectation on what the block prints.
public struct PrintsComment: Sendable, Hashable, Codable {
    /// 1-based line of the comment.
    public var line: Int
    /// Column (UTF-8 bytes, 1-based) of the `//`.
    public var commentColumn: Int
    /// Column of the opening quote.
    public var quoteStart: Int
    /// Column just past the closing quote (exclusive), so `quoteStart..<quoteEnd` is the whole literal.
    public var quoteEnd: Int
    /// The string's content with its escapes resolved.
    public var text: String
    /// True when the comment is alone on its line; false when it follows code (`print(x) // Prints "3"`).
    public var standalone: Bool
    /// 0-based UTF-8 offset of the `//`.
    public var commentOffset: Int
    /// 0-based UTF-8 offset of the opening quote.
    public var quoteStartOffset: Int
    /// 0-based UTF-8 offset just past the closing quote.
    public var quoteEndOffset: Int

    public init(
        line: Int, commentColumn: Int, quoteStart: Int, quoteEnd: Int, text: String, standalone: Bool,
        commentOffset: Int, quoteStartOffset: Int, quoteEndOffset: Int
    ) {
        self.line = line
        self.commentColumn = commentColumn
        self.quoteStart = quoteStart
        self.quoteEnd = quoteEnd
        self.text = text
        self.standalone = standalone
        self.commentOffset = commentOffset
        self.quoteStartOffset = quoteStartOffset
        self.quoteEndOffset = quoteEndOffset
    }
}
