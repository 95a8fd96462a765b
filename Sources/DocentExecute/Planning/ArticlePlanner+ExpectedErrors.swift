import DocentCore

extension ArticlePlanner {
    /// The lines `PlanResolver` is expected to leave out once the compiler has said what the author's comments say
    /// (`// Error:` on a line of a shared snippet): each marked line, when every marked line of its snippet is a whole
    /// statement (a line that opens or closes a bracket is never left out alone). Planning with these ahead lets the
    /// merged build compile the programs the article will run after its first compile fails as expected.
    ///
    /// ```swift
    /// let expected = planner.expectedSilencing(excluding: excluded)
    /// planner.plan(excluding: excluded, adjustments: expected)   // the programs the article will run
    /// ```
    func expectedSilencing(excluding excluded: [Int: Exclusion]) -> PlanAdjustments {
        var adjustments = PlanAdjustments()
        for (index, snippet) in snippets.enumerated() where snippet.mode.isShared && excluded[index] == nil
            && !snippet.markedErrors.isEmpty {
            var lines: Set<Int> = []
            for marked in snippet.markedErrors {
                guard let codeLine = snippet.lines.firstIndex(where: { $0.number == marked.line }),
                      snippet.lines[codeLine].code.bracketsBalance else {
                    lines = []
                    break
                }
                lines.insert(codeLine + 1)
            }
            if !lines.isEmpty { adjustments.silenced[index] = lines }
        }
        return adjustments
    }
}
