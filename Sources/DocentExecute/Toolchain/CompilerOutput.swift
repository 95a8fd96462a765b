import DocentCore

/// Reads what `swiftc` and a trapping program write to standard error.
public enum CompilerOutput {
    /// A compiler message with its location as printed (`content/x.md:12:5: error: …`).
    public struct Message: Sendable, Hashable, Codable {
        var severity: Diagnostic.Severity
        var path: String
        var line: Int
        var column: Int
        var text: String
        /// The notes printed after an error.
        var notes: [Note] = []
    }

    /// A note the compiler printed under an error.
    public struct Note: Sendable, Hashable, Codable, CustomStringConvertible {
        var path: String
        var line: Int
        var column: Int
        var text: String

        /// `path:line:column: text`.
        public var description: String { "\(path):\(line):\(column): \(text)" }
    }

    /// A runtime failure message: `Fatal error: …` and where the program said it happened, if it did.
    struct Trap: Sendable, Hashable {
        var message: String
        var path: String?
        var line: Int?
    }

    /// The errors in `-diagnostic-style llvm` output, each with the notes that follow it. Warnings are dropped.
    static func errors(in text: String) -> [Message] {
        var messages: [Message] = []
        var inError = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let message = parseLocated(String(line)) else { continue }
            switch message.severity {
            case .error:
                messages.append(message)
                inError = true
            case .note where inError:
                messages[messages.count - 1].notes.append(Note(path: message.path, line: message.line, column: message.column,
                                                               text: message.text))
            default:
                inError = false
            }
        }
        return messages
    }

    /// `path:line:column: severity: text`, or `nil` for the source excerpts and carets around it.
    static func parseLocated(_ line: String) -> Message? {
        for severity in [Diagnostic.Severity.error, .warning, .note] {
            let marker = ": \(severity.rawValue): "
            guard let markerRange = line.range(of: marker) else { continue }
            let head = line[..<markerRange.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard head.count >= 3, let lineNumber = Int(head[head.count - 2]), let column = Int(head[head.count - 1]) else {
                continue
            }
            return Message(severity: severity, path: head.dropLast(2).joined(separator: ":"), line: lineNumber,
                           column: column, text: String(line[markerRange.upperBound...]))
        }
        return nil
    }

    /// The first runtime failure message in a program's standard error, such as
    /// `content/x.md:12: Fatal error: boom` or `Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range`.
    static func trap(in text: String) -> Trap? {
        let kinds = CompilerMessages.runtimeFailures
        for line in text.split(separator: "\n") {
            guard let kind = kinds.first(where: { line.contains($0) }), let range = line.range(of: kind) else { continue }
            let message = String(line[range.lowerBound...])
            let head = line[..<range.lowerBound]
            guard head.hasSuffix(": ") else { return Trap(message: message) }
            let parts = head.dropLast(2).split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 2, let number = Int(parts[parts.count - 1]) {
                return Trap(message: message, path: parts.dropLast().joined(separator: ":"), line: number)
            }
            return Trap(message: message)
        }
        return nil
    }
}
