/// A `// Prints "text"` comment (Apple's documentation convention), or one line under `// Prints N lines:`: an
/// expectation on one line the block prints. The forms read are in ``PrintsComment/reading(_:)``.
public struct PrintsComment: Sendable, Hashable, Codable {
    /// How the printed text is written between ``quoteStart`` and ``quoteEnd``, so `--update` can write it the same way.
    public enum Form: String, Sendable, Hashable, Codable {
        /// A Swift string literal, escapes resolved: `"say \"hi\""`.
        case literal
        /// The text between the outermost quotes exactly as written, quotes inside kept: `"The string "123" is…"`.
        case verbatim
        /// A line under `// Prints N lines:` written without quotes: the comment's text after one space.
        case plain
    }

    /// 1-based line of the comment.
    public var line: Int
    /// Column (UTF-8 bytes, 1-based) of the `//`.
    public var commentColumn: Int
    /// Column of the opening quote (of the text itself, for a ``Form/plain`` line).
    public var quoteStart: Int
    /// Column just past the closing quote (exclusive), so `quoteStart..<quoteEnd` is the whole literal.
    public var quoteEnd: Int
    /// The printed line, escapes resolved for a ``Form/literal``.
    public var text: String
    /// True when the comment is alone on its line; false when it follows code (`print(x) // Prints "3"`).
    public var standalone: Bool
    /// 0-based UTF-8 offset of the `//`.
    public var commentOffset: Int
    /// 0-based UTF-8 offset of the opening quote.
    public var quoteStartOffset: Int
    /// 0-based UTF-8 offset just past the closing quote.
    public var quoteEndOffset: Int
    public var form: Form
    /// Whether the comment is one of the lines under `// Prints N lines:` (the header itself is no expectation).
    public var isBlockLine: Bool

    public init(
        line: Int, commentColumn: Int, quoteStart: Int, quoteEnd: Int, text: String, standalone: Bool,
        commentOffset: Int, quoteStartOffset: Int, quoteEndOffset: Int, form: Form = .literal, isBlockLine: Bool = false
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
        self.form = form
        self.isBlockLine = isBlockLine
    }
}
