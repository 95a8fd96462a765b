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
        // A compile error said below, with its code line and caret, is not also said as a failure.
        failures = checked.result.failures.filter { failure in
            guard printsDiagnostics, failure.kind == .doesNotCompile, let error = failure.restating else { return true }
            return !(error.location == failure.location && diagnostics.contains(error))
        }
        let said = Set(failures.compactMap { $0.restating?.message })
        self.diagnostics = !printsDiagnostics ? [] : diagnostics
            // A diagnostic a failure above restates (a trap, a manifest's error) is not said again, nor its repeats.
            .filter { diagnostic in !(diagnostic.notes.isEmpty && said.contains(diagnostic.message)) }
            .map { DiagnosticExcerpt($0, lines: checked.snippet.lines) }
    }
}
