/// One snippet on its way through the pipeline: what Extract found, what Execute did with it, what Check decided.
///
/// ```swift
/// var record = SnippetRecord(snippet: snippet, facts: facts)   // Extract
/// record.run = SnippetRun(outcome: .completed, output: "7\n")   // Execute
/// record.result = checker.check(record.snippet, record.run!)    // Check
/// ```
/// The snippet travels with its run and its verdict, so no stage pairs them up by position.
public struct SnippetRecord: Sendable, Hashable {
    public var snippet: Snippet
    /// What swift-syntax found in the snippet's code, for the planner.
    public var facts: BlockFacts
    /// What compiling and running it did; `nil` until Execute has run.
    public var run: SnippetRun?
    /// The verdict against the author's expectations; `nil` until Check has run.
    public var result: SnippetResult?

    public init(snippet: Snippet, facts: BlockFacts, run: SnippetRun? = nil, result: SnippetResult? = nil) {
        self.snippet = snippet
        self.facts = facts
        self.run = run
        self.result = result
    }
}
