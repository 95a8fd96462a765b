/// A comment that starts like a `// Prints` expectation but cannot be read as one: reported, never skipped in silence.
public struct PrintsCommentWarning: Sendable, Hashable, Codable {
    /// 1-based line of the comment.
    public var line: Int
    /// Column (UTF-8 bytes, 1-based) of the `//`.
    public var column: Int
    /// 0-based UTF-8 offset of the `//`.
    public var offset: Int
    /// What is wrong: `this `// Prints` comment's quote is never closed`.
    public var message: String
    /// How to write it so it reads.
    public var advice: String

    public init(line: Int, column: Int, offset: Int, message: String, advice: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
        self.advice = advice
    }
}
