import DocentCore

/// What the planner asks of a snippet's facts: which names it declares in a scope, and whether they clash.
extension BlockFacts {
    /// Base names of `functionNames` (`greet` for `greet(person:)`).
    var functionBaseNames: Set<String> {
        Set(functionNames.map { String($0.prefix { $0 != "(" }) })
    }

    /// Whether declaring this snippet's names after `earlier`'s would redeclare one of them in the same scope.
    func redeclares(_ earlier: ScopeNames) -> Bool {
        !valueNames.isDisjoint(with: earlier.values) || !valueNames.isDisjoint(with: earlier.functionBases)
            || !functionNames.isDisjoint(with: earlier.functions) || !functionBaseNames.isDisjoint(with: earlier.values)
    }
}

/// The names declared so far in one scope of a program.
struct ScopeNames {
    var values: Set<String> = []
    var functions: Set<String> = []
    var functionBases: Set<String> = []

    mutating func add(_ facts: BlockFacts) {
        values.formUnion(facts.valueNames)
        functions.formUnion(facts.functionNames)
        functionBases.formUnion(facts.functionBaseNames)
    }
}
