/// A diagnostic's stable name, such as `load.front-matter.unknown-key`: what logic, tests and tools match on, so a
/// message can be reworded without breaking any of them.
///
/// Names are namespaced by where the diagnostic is made (`load.`, `parse.`, `extract.`, `execute.`, `check.`, `weave.`,
/// `render.`, `write.`, `package.`, `config.`, `serve.`, `cli.`, `compiler.`, `internal.`), lower case, words joined by
/// `-`. Each stage names its own in one file (`Load/LoadDiagnostics.swift`) beside the constructors of its messages, so
/// a stage's wording lives in one place. A name, once released, is never reused for another meaning.
///
/// An ID made with `fault: true` names Docent's own failure (a tool missing or broken, an I/O failure in Docent's
/// scratch space, a broken internal invariant) rather than a problem with the user's input: the command exits with a
/// status of its own for it. Whether an ID is a fault is part of its declaration, not of its identity: two IDs with
/// the same name are equal, and an ID is encoded as its name alone.
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    /// Docent's own failure, not the input's.
    public let isFault: Bool

    public init(rawValue: String) {
        self.init(rawValue)
    }

    public init(_ rawValue: String, fault: Bool = false) {
        self.rawValue = rawValue
        self.isFault = fault
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func == (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var description: String { rawValue }

    /// The namespace: what comes before the first `.` (`load` for `load.front-matter.unknown-key`).
    public var namespace: Substring { rawValue.prefix { $0 != "." } }
}
