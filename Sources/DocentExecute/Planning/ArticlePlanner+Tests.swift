import DocentCore

extension ArticlePlanner {
    /// Shared snippets whose Swift Testing tests would sit in a nested scope: after a snippet that declares an
    /// earlier name again (which opens a `do {` scope to the end), or declaring one again themselves. Swift Testing
    /// accepts `@Test` and `@Suite` only at file scope, so each such snippet starts a segment whose program keeps its
    /// context at file scope (as ``PlanAdjustments/flat`` does): the tests compile, and see the values their own
    /// snippet declares rather than the earlier ones of the same names. Decided from the facts, before compiling.
    var testsNeedingFileScope: Set<Int> {
        var names = ScopeNames()
        var nested = false
        var needing: Set<Int> = []
        for index in snippets.indices where snippets[index].mode.isShared && snippets[index].isCompiled {
            nested = nested || facts[index].redeclares(names)
            names.add(facts[index])
            if nested, !facts[index].testLines.isEmpty { needing.insert(index) }
        }
        return needing
    }

    /// `adjustments` with ``testsNeedingFileScope`` flat too.
    func withTestsAtFileScope(_ adjustments: PlanAdjustments) -> PlanAdjustments {
        let needing = testsNeedingFileScope
        guard !needing.isEmpty else { return adjustments }
        var adjusted = adjustments
        adjusted.flat.formUnion(needing)
        return adjusted
    }
}
