/// A place where a block elides code with `...`, as documentation writes a body, an argument list or an expression
/// it leaves out (`func run() throws { ... }`, `ByteBuffer(...)`, `let group: EventLoopGroup = ...`).
public struct Elision: Sendable, Hashable, Codable {
    /// What the `...` stands for, which says what replaces it.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The whole body of a function, initializer, accessor or closure: `{ ... }`.
        case body
        /// A value: `let x: T = ...`, or a call whose arguments are elided (`ByteBuffer(...)`, the whole call).
        case expression
    }

    public var kind: Kind
    /// UTF-8 offsets of the code the replacement takes the place of: the `...`, or the whole call `f(...)`.
    public var start: Int
    public var end: Int
    /// Where the `...` is.
    public var position: Position

    public init(kind: Kind, start: Int, end: Int, position: Position) {
        self.kind = kind
        self.start = start
        self.end = end
        self.position = position
    }
}
