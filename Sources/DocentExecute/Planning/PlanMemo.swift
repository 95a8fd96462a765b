import DocentCore

/// The plans made of one article ahead of its resolving (merge planning makes its first plans), by what each was made
/// from, so its resolver takes them instead of planning the article again.
///
/// ```swift
/// var memo = PlanMemo(planner)
/// let first = memo.plan(planner, excluding: excluded)            // planned, and kept
/// resolver.memo = memo                                           // the resolver's first attempt takes it
/// ```
/// Planning is pure, so a plan is the same whenever it is made from the same snippets, facts, context, exclusions
/// and adjustments; a memo is used only by a planner of the very article it was made for (`serves(_:)`).
struct PlanMemo: Sendable {
    /// What a plan is made from, besides the article.
    struct Inputs: Sendable, Hashable {
        var excluded: [Int: Exclusion]
        var adjustments: PlanAdjustments
        var recordsAssignments: Bool
    }

    private let snippets: [Snippet]
    private let facts: [BlockFacts]
    private let context: PlanContext
    private var plans: [Inputs: ArticlePlan] = [:]

    init(_ planner: ArticlePlanner) {
        snippets = planner.snippets
        facts = planner.facts
        context = planner.context
    }

    /// Whether `planner` plans the article this memo was made for.
    func serves(_ planner: ArticlePlanner) -> Bool {
        planner.context == context && planner.facts == facts && planner.snippets == snippets
    }

    /// The plan `planner.plan(excluding:adjustments:recordsAssignments:)` gives, made once.
    mutating func plan(_ planner: ArticlePlanner, excluding excluded: [Int: Exclusion],
                       adjustments: PlanAdjustments = PlanAdjustments(), recordsAssignments: Bool = true) -> ArticlePlan {
        let inputs = Inputs(excluded: excluded, adjustments: adjustments, recordsAssignments: recordsAssignments)
        if let known = plans[inputs] { return known }
        let plan = planner.plan(excluding: excluded, adjustments: adjustments, recordsAssignments: recordsAssignments)
        plans[inputs] = plan
        return plan
    }

    /// The program of snippet `index` that `planner.ownProgram(for:excluding:adjustments:)` gives, when a plan made
    /// from the same inputs holds it.
    func ownProgram(for index: Int, excluding excluded: [Int: Exclusion], adjustments: PlanAdjustments) -> ProgramPlan? {
        plans[Inputs(excluded: excluded, adjustments: adjustments, recordsAssignments: true)]?.programs
            .first { $0.kind == .own(snippet: index) }
    }
}
