/// A plain assignment to a property, `base.member = rhs`, whose base is a chain of identifiers and member accesses.
public struct MemberAssignment: Sendable, Hashable, Codable {
    /// Where the base (the left-hand side) starts: the playground transform logs the base object here.
    public var baseStart: Position
    /// Where the right-hand side starts.
    public var rhsStart: Position
    /// The left-hand side as written, e.g. `formatter.locale`.
    public var target: String
    /// The line on which the statement ends.
    public var endLine: Int
    /// True when a statement may go on a new line right after this one: nothing but comments follows it on
    /// `endLine`, and it is a direct statement of the top level, a function or accessor body, or a
    /// do/if/else/guard/for/while/repeat/case/defer/catch body — not in a closure, an initializer or a deinitializer.
    public var canInsertAfter: Bool

    public init(baseStart: Position, rhsStart: Position, target: String, endLine: Int, canInsertAfter: Bool) {
        self.baseStart = baseStart
        self.rhsStart = rhsStart
        self.target = target
        self.endLine = endLine
        self.canInsertAfter = canInsertAfter
    }
}
