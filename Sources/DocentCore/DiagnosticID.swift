/// A diagnostic's stable name, such as `load.front-matter.unknown-key`: what logic, tests and tools match on, so a
/// message can be reworded without breaking any of them.
///
/// Names are namespaced by where the diagnostic is made (`load.`, `parse.`, `extract.`, `execute.`, `check.`, `weave.`,
/// `render.`, `write.`, `package.`, `serve.`, `cli.`, `compiler.`), lower case, words joined by `-`. Each stage names
/// its own in a `DiagnosticID+Stage.swift` file beside the constructors of its messages. A name, once released, is
/// never reused for another meaning.
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The namespace: what comes before the first `.` (`load` for `load.front-matter.unknown-key`).
    public var namespace: Substring { rawValue.prefix { $0 != "." } }

    /// A diagnostic made before IDs existed; none should remain once every stage names its diagnostics.
    public static let unclassified = DiagnosticID("unclassified")
}
