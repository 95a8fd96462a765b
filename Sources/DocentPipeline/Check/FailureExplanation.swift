import DocentCore

/// What is said about a failed snippet, each thing once: its failures, less those that only repeat a compiler
/// diagnostic at the same place, and the compiler's or runtime's own diagnostics as `swiftc` prints them (code line
/// and caret, ``DiagnosticExcerpt``) — `docent test` prints it (``FailureFormatter``), `build` and `serve` report it
/// (``CheckedSnippet/failureDiagnostics``).
///
/// ```swift
/// let explanation = FailureExplanation(checked)
/// explanation.diagnostics.map(\.rendered)   // [["content/a.md:8:14: error: …", "let a: Int = \"x\"", "             ^"]]
/// ```
struct FailureExplanation: Sendable {
    /// The failures to state, in order.
    var failures: [SnippetResult.Failure]
    /// The diagnostics to print under them; none when a failure compares an expected and an actual text.
    var diagnostics: [DiagnosticExcerpt]

    init(_ checked: CheckedSnippet) {
        let diagnostics = checked.result.diagnostics
        let printsDiagnostics = checked.result.failures.allSatisfy { $0.expected == nil && $0.actual == nil }
        failures = checked.result.failures.filter { failure in
            !(printsDiagnostics && failure.message.hasPrefix("does not compile: ")
                && diagnostics.contains { $0.location == failure.location && failure.message == "does not compile: " + $0.message })
        }
        let said = failures.map(\.message)
        self.diagnostics = !printsDiagnostics ? [] : diagnostics
            // A diagnostic a failure above says word for word is not said again.
            .filter { diagnostic in !(diagnostic.notes.isEmpty && said.contains { $0.hasSuffix(diagnostic.message) }) }
            .map { DiagnosticExcerpt($0, lines: checked.snippet.lines) }
    }
}
