import DocentCore

/// What the planner asks of a snippet's facts: which names it declares in a scope, and whether they clash.
extension BlockFacts {
    /// Base names of `functionNames` (`greet` for `greet(person:)`).
    var functionBaseNames: Set<String> {
        Set(functionNames.map { String($0.prefix { $0 != "(" }) })
    }

    /// The names it declares itself: `declaredNames` without the types it only extends.
    var ownNames: Set<String> {
        let extended = Set(fileScope.filter { $0.extendedType != nil }.flatMap(\.names))
        let declaredToo = Set((locals + fileScope.filter { $0.extendedType == nil }).flatMap(\.names))
        return declaredNames.subtracting(extended.subtracting(declaredToo))
    }

    /// The base names of the members its extensions declare (`Add` for `Math.Add`).
    var memberBaseNames: Set<String> {
        Set(memberNames.map { name in String(name[(name.lastIndex(of: ".").map(name.index(after:)) ?? name.startIndex)...]) })
    }

    /// The names a use of which fails when this snippet is left out: those it declares and its extensions' members.
    var namesDeclaredForOthers: Set<String> { declaredNames.union(memberBaseNames) }

    /// The keys its declarations clash on when another declaration has the same: file-scope ones and types.
    var clashKeys: Set<String> {
        Set(fileScope.flatMap(\.keys) + locals.flatMap(\.keys))
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

    /// Adds what `facts` declares, except `replaced` names (declarations a later snippet replaces are dropped).
    mutating func add(_ facts: BlockFacts, except replaced: Set<String> = []) {
        values.formUnion(facts.valueNames.subtracting(replaced))
        functions.formUnion(facts.functionNames)
        functionBases.formUnion(facts.functionBaseNames)
    }
}
