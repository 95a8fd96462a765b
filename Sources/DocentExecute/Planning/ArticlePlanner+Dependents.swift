import DocentCore

/// Which later snippets leaving out failed ones leaves out too, told by their facts before anything compiles again,
/// so a compile error costs one more compile of its article, not one per link of a chain.
extension ArticlePlanner {
    /// The shared snippets still in that read, at top level, a value or type that only a left-out snippet declared,
    /// directly or through another such snippet; each `.dependsOn` the nearest left-out snippet that declared the
    /// name, at the use.
    ///
    /// ```swift
    /// // 0: `let x: Int = "one"` fails; 1: `let y = x + 1`; 2: `print(y)`
    /// planner.dependents(excluding: [0: .failed(errors)], adjustments: adjustments)
    /// // [1: .dependsOn(line: 3, name: "x", use: content/x.md:8:9), 2: .dependsOn(line: 7, name: "y", use: …)]
    /// ```
    /// Only what is sure is decided here: a plain identifier (`x`, never `a.x`) that the snippet's top-level code
    /// reads and binds nowhere itself (`BlockFacts.topLevelUses`), naming a value or type a left-out snippet
    /// declared at its top level and no snippet still in declares again before it. In the article as one file that
    /// identifier is the left-out declaration (a file's own declaration shadows the standard library's `max` or
    /// `print`), so the snippet fails because of it, whatever the compiler would say without it. Function names are
    /// not followed (an overload of another module may be the one called), nor uses inside bodies and closures
    /// (`references` counts member names too): those wait for the compile, which names them as before.
    func dependents(excluding excluded: [Int: Exclusion], adjustments: PlanAdjustments) -> [Int: Exclusion] {
        var missing: [String: Int] = [:]  // name → the nearest earlier left-out snippet declaring it
        var dependents: [Int: Exclusion] = [:]
        // Only shared snippets and those that lend their declarations are seen by the shared snippets after them.
        for index in snippets.indices where snippets[index].isCompiled
            && (snippets[index].mode.isShared || snippets[index].mode.lendsDeclarations) {
            switch excluded[index] {
            case .failed where adjustments.declarationsKept.contains(index):
                for name in facts[index].valueNames.subtracting(keptDeclarationNames(of: index)) { missing[name] = index }
                for name in keptDeclarationNames(of: index) { missing[name] = nil }
                continue
            case .failed, .dependsOn:
                for name in facts[index].valueNames { missing[name] = index }
                continue
            case nil:
                break
            default:
                continue  // ignored, a placeholder, used too early…: not a declaration that fails to compile
            }
            if snippets[index].mode.isShared, adjustments.trapped[index] == nil, !adjustments.outdated.contains(index),
               let use = facts[index].topLevelUses.first(where: { missing[$0.name] != nil }),
               let source = missing[use.name] {
                dependents[index] = .dependsOn(line: snippets[source].location.line, name: use.name,
                                               use: location(snippet: index, line: use.position.line, column: use.position.column))
                for name in facts[index].valueNames { missing[name] = index }
                continue
            }
            // A snippet still in (or lending its declarations) declares its names again for the snippets after it.
            for name in facts[index].declaredNames { missing[name] = nil }
        }
        return dependents
    }

    /// The names of a snippet's declarations that programs keep when only its statements fail: types, functions,
    /// extensions, protocols… (not stored values).
    func keptDeclarationNames(of index: Int) -> Set<String> {
        Set((facts[index].locals + facts[index].fileScope).filter { !$0.isValue }.flatMap(\.names))
    }

    /// Whether one of `errors` lies in a declaration of snippet `index` that programs would keep without its
    /// statements (a type, a function…): that declaration fails too, so keeping the snippet's declarations would
    /// only fail the next compile again.
    func errorsLieInKeptDeclarations(_ errors: [Diagnostic], of index: Int) -> Bool {
        let snippet = snippets[index]
        let code = Array(snippet.compiledCode.utf8)
        let kept = (facts[index].locals + facts[index].fileScope).filter { !$0.isValue }
        func codeLine(ofOffset offset: Int) -> Int {
            code[..<min(max(offset, 0), code.count)].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
        let ranges = kept.map { $0.line...max($0.line, codeLine(ofOffset: $0.end)) }
        return errors.contains { error in
            guard let line = error.location?.line, error.location?.path == articlePath,
                  let codeIndex = snippet.lines.firstIndex(where: { $0.number == line }) else { return false }
            return ranges.contains { $0.contains(codeIndex + 1) }
        }
    }
}
