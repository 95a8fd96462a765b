/// A message for the user about their input, tied to where in their files it applies.
public struct Diagnostic: Sendable, Hashable, Codable, Error, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning, note
    }

    public var severity: Severity
    /// The stable name logic and tests match on, never ``message``.
    public var id: DiagnosticID
    public var location: SourceLocation?
    public var message: String
    /// Extra lines printed under the message: what to do, or what was expected.
    public var notes: [String]

    public init(_ severity: Severity, _ id: DiagnosticID, at location: SourceLocation?,
                _ message: String, notes: [String] = []) {
        self.severity = severity
        self.id = id
        self.location = location
        self.message = message
        self.notes = notes
    }

    public static func error(_ id: DiagnosticID, at location: SourceLocation?, _ message: String,
                             notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, id, at: location, message, notes: notes)
    }

    public static func warning(_ id: DiagnosticID, at location: SourceLocation?, _ message: String,
                               notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, id, at: location, message, notes: notes)
    }

    /// Docent's own failure rather than the input's, as its ID declares (``DiagnosticID/isFault``).
    public var isFault: Bool { id.isFault }

    /// `content/a.md:3:7: error: message`, then any notes, one per line.
    public var description: String {
        let head = location.map { "\($0): " } ?? "docent: "
        let lines = ["\(head)\(severity.rawValue): \(message)"] + notes.map { "  note: \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// One or more diagnostics thrown together, so a stage can report every problem it found at once.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension DiagnosticError {
    /// The diagnostics an error carries: its own list, itself if it is one diagnostic, or one unlocated
    /// diagnostic describing any other error.
    public static func diagnostics(from error: any Error) -> [Diagnostic] {
        switch error {
        case let error as DiagnosticError: error.diagnostics
        case let diagnostic as Diagnostic: [diagnostic]
        default: [.undescribed(error)]
        }
    }
}
