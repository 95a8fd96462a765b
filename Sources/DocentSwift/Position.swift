/// A place in one code block: 1-based line, 1-based column counted in UTF-8 bytes, and the 0-based UTF-8 offset.
public struct Position: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// 1-based line within the block.
    public var line: Int
    /// 1-based column within the line, counted in UTF-8 bytes.
    public var column: Int
    /// 0-based UTF-8 offset within the block's text.
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: Position, rhs: Position) -> Bool {
        lhs.offset < rhs.offset
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
