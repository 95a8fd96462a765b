/// A place in one of the user's files, printed as `path:line:column` like a compiler does.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The path as the user would type it, relative to the working directory (e.g. `content/a.md`).
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`; control characters in the path (a file name may hold a line break) are written as `\u{A}`,
    /// so a location is always one line of a report.
    public var description: String { "\(path.escapingControlCharacters()):\(line):\(column)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
