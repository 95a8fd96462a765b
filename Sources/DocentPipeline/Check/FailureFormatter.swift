import DocentCore

/// Writes the block `docent test` prints for a failed test case: where, what was expected, what happened,
/// and a line diff when output differs.
public struct FailureFormatter: Sendable {
    public init() {}

    public func format(_ checked: CheckedSnippet) -> String {
        var lines = ["FAIL \(checked.name)"]
        let diagnostics = checked.result.diagnostics
        let printsDiagnostics = checked.result.failures.allSatisfy { $0.expected == nil && $0.actual == nil }
        var said: [String] = []
        for failure in checked.result.failures {
            // A failure that only repeats a compiler diagnostic at its place is said once, by that diagnostic below.
            if printsDiagnostics, failure.message.hasPrefix("does not compile: "),
               diagnostics.contains(where: { $0.location == failure.location && failure.message == "does not compile: " + $0.message }) {
                continue
            }
            lines.append("  \(failure.location): \(failure.message)")
            said.append(failure.message)
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
        if printsDiagnostics {
            // The compiler's or runtime's own words, each once (unless a failure line above says exactly that), as
            // swiftc prints them: the code line and a caret.
            for diagnostic in diagnostics where !(diagnostic.notes.isEmpty && said.contains { $0.hasSuffix(diagnostic.message) }) {
                lines += DiagnosticExcerpt(diagnostic, lines: checked.snippet.lines).rendered.map { "  " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func indentedContinuation(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n              ")
    }
}
