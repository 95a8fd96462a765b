/// A place in one of the user's files, printed as `path:line:column` like a compiler does.
///
/// Both numbers are 1-based. The column counts UTF-8 bytes from the start of the line, as cmark and the Swift
/// compiler do (in `é = 1`, the `=` is at column 4); every producer of a location uses this unit.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The path as the user would type it, relative to the working directory (e.g. `content/a.md`).
    public var path: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in UTF-8 bytes.
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

extension SourceLocation {
    /// The UTF-8 column (1-based) just after the first `count` Characters of `line`, for parsers that count columns
    /// in Characters (swift-mustache). Units past the end of the line count one byte each.
    public static func utf8Column(afterCharacters count: Int, in line: some StringProtocol) -> Int {
        let counted = line.prefix(max(count, 0))
        return counted.utf8.count + max(count - counted.count, 0) + 1
    }

    /// The UTF-8 column (1-based) just after the first `count` Unicode scalars of `line`, for parsers that count
    /// columns in scalars (libyaml, through Yams). Units past the end of the line count one byte each.
    public static func utf8Column(afterScalars count: Int, in line: some StringProtocol) -> Int {
        let counted = line.unicodeScalars.prefix(max(count, 0))
        return counted.reduce(0) { $0 + UTF8.width($1) } + max(count - counted.count, 0) + 1
    }
}
