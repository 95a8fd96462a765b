import DocentCore

/// Writes the block `docent test` prints for a failed test case: where, what was expected, what happened,
/// and a line diff when output differs.
public struct FailureFormatter: Sendable {
    public init() {}

    public func format(_ checked: CheckedSnippet) -> String {
        var lines = ["FAIL \(checked.name)"]
        for failure in checked.result.failures {
            lines.append("  \(failure.location): \(failure.message)")
            let isOutput = checked.snippet.expectedOutput?.location == failure.location
            if isOutput, let expected = failure.expected, let actual = failure.actual {
                lines.append("    --- expected")
                lines.append("    +++ actual")
                lines += LineDiff.render(from: expected, to: actual).map { "    " + $0 }
            } else if failure.expected != nil || failure.actual != nil {
                lines.append("    expected: " + indentedContinuation(failure.expected ?? "(nothing)"))
                lines.append("    actual:   " + indentedContinuation(failure.actual ?? "(nothing)"))
            }
        }
        if checked.result.failures.allSatisfy({ $0.expected == nil && $0.actual == nil }) {
            // The compiler's or runtime's own words, unless a failure line above already says exactly that.
            let said = checked.result.failures.map(\.message)
            for diagnostic in checked.result.diagnostics
            where !(diagnostic.notes.isEmpty && said.contains { $0.hasSuffix(diagnostic.message) }) {
                lines += diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func indentedContinuation(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n              ")
    }
}
