import DocentCore

/// What the reader's badge says about an article's examples: how many ran and passed, which failed.
public struct Verification: Sendable, Hashable {
    /// A failed example, by its label and the `id` of its figure on the page.
    public struct Failure: Sendable, Hashable {
        public var label: String
        public var anchor: String
    }

    /// Examples that were compiled (and run, unless `no-run`): passed plus failed.
    public var total: Int
    public var passed: Int
    public var failed: Int
    /// Examples shown but never checked (`ignore`, editor placeholders); declaration listings are not examples.
    public var notVerified: Int
    public var failures: [Failure]

    /// Counts the verdicts of an article's snippets; `hidden` snippets count too (they ran), `ignore` ones do not.
    public init(_ snippets: [CheckedSnippet]) {
        var failures: [Failure] = []
        var passed = 0
        var notVerified = 0
        for (index, checked) in snippets.enumerated() {
            if checked.passed {
                passed += 1
            } else if checked.failed {
                failures.append(Failure(label: "Example \(index + 1) (line \(checked.snippet.location.line))",
                                        anchor: Self.anchor(forSnippetAt: index)))
            } else if checked.listing == nil {
                notVerified += 1  // a declaration listing is no example: its figure says "Declarations only"
            }
        }
        self.passed = passed
        self.failed = failures.count
        self.total = passed + failures.count
        self.notVerified = notVerified
        self.failures = failures
    }

    /// The `id` of the figure of the article's snippet at `index` (0-based): `example-1` for the first.
    public static func anchor(forSnippetAt index: Int) -> String {
        "example-\(index + 1)"
    }
}
