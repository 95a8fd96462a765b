import Foundation

/// A readable record of a user working a ``SimulatedTextField``: one line per change,
/// with the range and replacement the rule was asked about, its answer, and the text
/// the field held afterwards.
///
/// ```swift
/// let field = SimulatedTextField { _, _, replacement in replacement != "x" }
/// print(field.run([.type("ax"), .backspace]))
/// // action      range   replacement  result    text
/// // type "a"    {0, 0}  "a"          accepted  "a"
/// // type "x"    {1, 0}  "x"          rejected  "a"
/// // backspace   {0, 1}  ""           accepted  ""
/// ```
public struct Transcript: Equatable, Sendable, CustomStringConvertible {
    /// Every change in order; typing contributes one entry per `Character`.
    public let entries: [EditResult]

    /// Makes a transcript from results, usually via ``SimulatedTextField/run(_:)``.
    public init(entries: [EditResult]) {
        self.entries = entries
    }

    /// The text after the last entry (empty when there are no entries).
    public var finalText: String { entries.last?.text ?? "" }

    /// How many changes the rule refused.
    public var rejectedCount: Int { entries.filter { $0.outcome == .rejected }.count }

    /// The transcript as an aligned table with a header line.
    public var description: String {
        let header = ["action", "range", "replacement", "result", "text"]
        let rows = [header] + entries.map(Transcript.cells)
        let widths = header.indices.map { column in rows.map { $0[column].displayWidth }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column].padded(to: widths[column])
            }
            .joined(separator: "  ")
        }
        .joined(separator: "\n")
    }

    private static func cells(_ entry: EditResult) -> [String] {
        let range = entry.change?.range.transcriptDescription ?? "-"
        let replacement = entry.change?.replacement.transcriptQuoted ?? "-"
        let result: String
        switch entry.outcome {
        case .accepted: result = "accepted"
        case .rejected: result = "rejected"
        case .notAsked: result = "-"
        }
        return [entry.action.description, range, replacement, result, entry.text.transcriptQuoted]
    }
}
