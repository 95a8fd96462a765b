/// An expression statement that Docent puts in a scope of its own (`do {` on a line before it, `}` on a line after),
/// so the playground transform's temporary — `let tmpN = rhs`, logged, then `x = tmpN` — ends with the statement.
/// Left where it is, the temporary would live to the end of the enclosing scope (at the top level, a global: to the
/// end of the program), keeping the assigned object alive: `reference = nil` would not run `deinit`.
public struct ScopedStatement: Sendable, Hashable, Codable {
    /// Where the statement starts (nothing but spaces before it on its line).
    public var start: Position
    /// The line it ends on (nothing but comments after it on that line).
    public var endLine: Int

    public init(start: Position, endLine: Int) {
        self.start = start
        self.endLine = endLine
    }
}
