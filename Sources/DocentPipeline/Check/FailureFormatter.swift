import DocentCore

/// Writes the block `docent test` prints for a failed test case: where, what was expected, what happened,
/// and a line diff when output differs.
public struct FailureFormatter: Sendable {
    public init() {}

    public func format(_ checked: CheckedSnippet) -> String {
        var lines = ["FAIL \(checked.name)"]
        let explanation = FailureExplanation(checked)
        for failure in explanation.failures {
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
        // The compiler's or runtime's own words, as swiftc prints them: the code line and a caret.
        lines += explanation.diagnostics.flatMap(\.rendered).map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    private func indentedContinuation(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n              ")
    }
}
