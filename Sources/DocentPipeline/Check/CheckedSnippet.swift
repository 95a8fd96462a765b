import DocentCore

/// A snippet together with the verdict on it: one test case of `docent test`, one figure of the page.
public struct CheckedSnippet: Sendable, Hashable {
    public var snippet: Snippet
    public var result: SnippetResult

    public init(snippet: Snippet, result: SnippetResult) {
        self.snippet = snippet
        self.result = result
    }

    /// The test-case name, `content/x.md:LINE`.
    public var name: String { snippet.name }

    /// Whether the snippet counts as passed (including a failure its author asked for).
    public var passed: Bool { result.status == .passed || result.status == .expectedFailure }
    /// Whether the snippet counts as failed (including one that never ran because its program stopped).
    public var failed: Bool { result.status == .failed || result.status == .notRun }
    /// Whether the snippet was skipped (`ignore`, an editor placeholder, a declaration listing) or only compiled
    /// (``SnippetResult/Status/compiledNotRun``: neither passed nor failed).
    public var skipped: Bool { result.status == .ignored || result.status == .compiledNotRun }
    /// Whether it compiled and Docent did not run it (an entry point without arguments, elided code, a member fragment).
    public var compiledNotRun: Bool { result.status == .compiledNotRun }
    /// Whether it was skipped as a declaration listing (``Snippet/isDeclarationListing``).
    public var isDeclarationListing: Bool { skipped && result.skipReason == nil && snippet.isDeclarationListing }
    /// Why it was skipped, if it was a listing (``Snippet/listing``).
    public var listing: Snippet.Listing? { result.status == .ignored && result.skipReason == nil ? snippet.listing : nil }
    /// What reports say of a snippet that compiled and was not run.
    public static let compiledNotRunReason = "compiled, not run"

    /// Why it was skipped, as JUnit says it: `declarations only` for a declaration listing, else
    /// `ignore: not verified`; nil when it was not skipped.
    public var skipReason: String? {
        guard skipped else { return nil }
        if let reason = result.skipReason { return reason }
        if compiledNotRun { return Self.compiledNotRunReason }
        return listing?.rawValue ?? "ignore: not verified"
    }

    /// What `build` and `serve` report for a failed snippet (``FailureExplanation``): each unmet expectation as a
    /// diagnostic, with what was expected and what happened as notes, then each compiler diagnostic once, with its
    /// code line and caret, in place of a failure that only repeated it.
    public var failureDiagnostics: [Diagnostic] {
        guard !result.failures.isEmpty else { return [] }
        let explanation = FailureExplanation(self)
        return explanation.failures.map { failure in
            var notes: [String] = []
            if let expected = failure.expected { notes.append("expected: " + Self.quoted(expected)) }
            if failure.expected != nil || failure.actual != nil { notes.append("actual:   " + Self.quoted(failure.actual ?? "(nothing)")) }
            return CheckDiagnostics.failure(failure, snippet: name, notes: notes)
        } + explanation.diagnostics.map(\.reported)
    }

    /// A one-line text as is; a multi-line one starting on its own line, indented.
    static func quoted(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        return "\n" + text.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
    }
}
