/// What running (or compiling) a snippet did, before it is judged against the author's expectations.
public struct SnippetRun: Sendable, Hashable {
    /// How far the snippet got.
    public enum Outcome: Sendable, Hashable {
        /// It ran to its end (a `no-run` snippet: it compiled).
        case completed
        /// The program it belongs to did not compile; `diagnostics` has the compiler's errors.
        case compileFailed
        /// It trapped; the message is the runtime's (`Fatal error: Index out of range`).
        case trapped(message: String)
        /// The article's time limit ran out while it was running.
        case timedOut(seconds: Double)
        /// It never ran: an earlier snippet trapped or timed out, or its program stopped before it.
        case notReached
        /// It was not compiled at all (`ignore`).
        case skipped
    }

    public var outcome: Outcome
    /// Each line's last value and how many times it ran, by Markdown line.
    public var values: [SnippetResult.LineValue]
    /// Standard output printed while this snippet ran.
    public var output: String
    public var outputTruncated: Bool
    /// Compiler diagnostics and trap or time-out messages, located in the Markdown file.
    public var diagnostics: [Diagnostic]
    /// The results of the Swift Testing tests the snippet declares, for those that ran.
    public var tests: [TestResult] = []
    /// The test that stopped the program while its tests ran (its name and Markdown line), for a snippet whose tests
    /// did not all run: `traps() at line 12`.
    public var testsStoppedBy: String?
    /// Why it was skipped (``Outcome/skipped``) when Docent decided so for the whole article, as reports say it.
    public var skipReason: String?

    public init(outcome: Outcome, values: [SnippetResult.LineValue] = [], output: String = "",
                outputTruncated: Bool = false, diagnostics: [Diagnostic] = []) {
        self.outcome = outcome
        self.values = values
        self.output = output
        self.outputTruncated = outputTruncated
        self.diagnostics = diagnostics
    }
}
