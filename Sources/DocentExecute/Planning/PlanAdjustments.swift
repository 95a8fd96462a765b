import DocentCore

/// What compiling and running an article taught its planner, beyond the snippets left out: where snippets trapped,
/// which snippets no longer compile as context, which marked lines to leave out, and where a segment must start
/// with its context at file scope.
struct PlanAdjustments: Sendable, Hashable {
    /// Shared snippets that trapped, at the top-level statement that trapped: programs hold them cut there, and
    /// their segment resumes after them.
    var trapped: [Int: BlockFacts.Position] = [:]
    /// Snippets that compiled in their own segment but not as context of a later one, where declarations that
    /// replace theirs are in force: later programs leave them out.
    var outdated: Set<Int> = []
    /// Code lines, by snippet, that failed to compile where the author's comments say they must: left out, so the
    /// rest of the snippet runs.
    var silenced: [Int: Set<Int>] = [:]
    /// Snippets whose local type could not reach the values around it in a nested scope: each starts a segment
    /// whose programs keep their context at file scope (values declared again replace the earlier ones there).
    var flat: Set<Int> = []
    /// Shared snippets that failed to compile, whose declarations later programs keep as context: a type stays
    /// visible though a statement beside it fails. One whose declarations fail too becomes `outdated`.
    var declarationsKept: Set<Int> = []
}
