import DocentCore

/// The Plan step of Execute: decides, without running anything, which programs an article needs and what is in them.
///
/// ```swift
/// let planner = ArticlePlanner(articlePath: path, records: record.snippets, context: context)
/// var excluded = planner.initialExclusions()
/// let plan = planner.plan(excluding: excluded)          // compile; if snippet 3 fails:
/// excluded[3] = planner.exclusion(for: 3, errors: errors, excluding: excluded)   // and plan again
/// ```
/// `PlanResolver` drives that loop; the planner itself never compiles anything.
/// Shared snippets go into one program, split into segments only where a snippet's file-scope declarations
/// clash with an earlier snippet's; `isolated`, `no-run`, `compile-fail` and `crash` snippets get a program each.
struct ArticlePlanner: Sendable {
    let articlePath: String
    let context: PlanContext
    /// The article's snippets and their facts, by index (both taken from one array of records).
    let snippets: [Snippet]
    let facts: [BlockFacts]

    init(articlePath: String, records: [SnippetRecord], context: PlanContext) {
        self.articlePath = articlePath
        self.context = context
        snippets = records.map(\.snippet)
        facts = records.map(\.facts)
    }

    var settings: ExecutionSettings { context.settings }

    /// Snippets left out before anything is compiled: `ignore`d ones, declaration listings, those with editor
    /// placeholders, those that use Docent's reserved names or attributes that reach the linker, or are too long, and
    /// the snippets that use what those declare (`dependents(excluding:adjustments:)`).
    func initialExclusions() -> [Int: Exclusion] {
        var excluded: [Int: Exclusion] = [:]
        for (index, snippet) in snippets.enumerated() {
            if !snippet.isCompiled {
                excluded[index] = .ignored
            } else if let placeholder = snippet.placeholder {
                excluded[index] = .placeholder(placeholder)
            } else if !facts[index].reservedUses.isEmpty {
                excluded[index] = .failed(facts[index].reservedUses.map { use in
                    ExecuteDiagnostics.reservedName(use.name, at: location(snippet: index, line: use.position.line,
                                                                           column: use.position.column))
                })
            } else if !facts[index].linkerAttributes.isEmpty {
                excluded[index] = .failed(facts[index].linkerAttributes.map { use in
                    ExecuteDiagnostics.linkerAttribute(use.name, at: location(snippet: index, line: use.position.line,
                                                                              column: use.position.column))
                })
            } else if let early = usedBeforeDeclaration(index) {
                excluded[index] = early
            } else if snippet.lines.count > ProgramLines.maximumSnippetLines {
                excluded[index] = .failed([ExecuteDiagnostics.snippetTooLong(at: snippet.location)])
            }
        }
        return excluded.merging(dependents(excluding: excluded, adjustments: PlanAdjustments())) { old, _ in old }
    }

    /// The first value a shared snippet's top-level code uses that no snippet up to it declares and a later shared
    /// snippet declares at its top level: the program would read it before it is set.
    func usedBeforeDeclaration(_ index: Int) -> Exclusion? {
        guard snippets[index].mode.isShared else { return nil }
        let earlier = snippets.indices.filter { $0 <= index && snippets[$0].isCompiled }
            .reduce(into: Set<String>()) { $0.formUnion(facts[$1].declaredNames) }
        for use in facts[index].topLevelUses where !earlier.contains(use.name) {
            guard let later = snippets.indices.first(where: { other in
                other > index && snippets[other].isCompiled && snippets[other].mode.isShared
                    && facts[other].locals.contains { $0.isValue && $0.names.contains(use.name) }
            }) else { continue }
            return .usedBeforeDeclaration(location: location(snippet: index, line: use.position.line, column: use.position.column),
                                          name: use.name, line: snippets[later].location.line)
        }
        return nil
    }

    /// The article's programs, leaving out `excluded` snippets, as `adjustments` say: a snippet in `trapped` is held
    /// only as context, cut at the statement that trapped, and its segment's program resumes after it (the earlier
    /// snippets already have their results); an `outdated` snippet stays in its own segment's program and is left
    /// out of later programs' context; `silenced` lines are left out; a `flat` snippet starts a segment, and from
    /// there on programs keep their context at file scope.
    func plan(excluding excluded: [Int: Exclusion], adjustments: PlanAdjustments = PlanAdjustments(),
              recordsAssignments: Bool = true) -> ArticlePlan {
        let adjustments = withTestsAtFileScope(adjustments)
        let shared = snippets.indices.filter { snippets[$0].mode.isShared && excluded[$0] == nil }
        var programs: [ProgramPlan] = []
        for (number, segment) in segments(of: shared, lenders: lending(excluding: excluded), flat: adjustments.flat).enumerated() {
            let resumesAfter = segment.filter { adjustments.trapped[$0] != nil }.max()
            let targets = segment.filter { $0 > (resumesAfter ?? -1) }
            guard let first = targets.first else { continue }
            let context = shared.filter { $0 < first && (!adjustments.outdated.contains($0) || segment.contains($0)) }
            let lent = lenders(before: (targets.last ?? first) + 1, excluding: excluded, adjustments: adjustments)
            let name = resumesAfter.map { "shared\(number)-after\($0)" } ?? "shared\(number)"
            programs.append(program(name: name, kind: .shared(segment: number), context: context, targets: targets,
                                    runs: true, adjustments: adjustments, recordsAssignments: recordsAssignments,
                                    declarationsOnly: lent))
        }
        for index in snippets.indices where snippets[index].mode.needsOwnProgram && excluded[index] == nil {
            programs.append(ownProgram(for: index, excluding: excluded, adjustments: adjustments,
                                       recordsAssignments: recordsAssignments))
        }
        return ArticlePlan(articlePath: articlePath, context: context, programs: programs, excluded: excluded)
    }

    /// The program of a snippet that needs its own: the earlier shared snippets as context (none if isolated).
    func ownProgram(for index: Int, excluding excluded: [Int: Exclusion], adjustments: PlanAdjustments = PlanAdjustments(),
                    recordsAssignments: Bool = true) -> ProgramPlan {
        let snippet = snippets[index]
        let sees = snippet.mode.seesEarlierSnippets
        let context = sees ? snippets.indices.filter { $0 < index && snippets[$0].mode.isShared && excluded[$0] == nil } : []
        var lent = sees ? lenders(before: index, excluding: excluded, adjustments: adjustments) : []
        if case .entryPoint = snippet.mode {
            // An entry point sees the whole article's declarations: subcommands are often declared in later blocks.
            // A later block that declares a name again is left out: it must not replace the entry point's own.
            var keys = (context + lent + [index]).reduce(into: Set<String>()) { $0.formUnion(facts[$1].clashKeys) }
            for later in snippets.indices where later > index && excluded[later] == nil
                && (snippets[later].mode.isShared || snippets[later].mode.lendsDeclarations)
                && facts[later].clashKeys.isDisjoint(with: keys) {
                lent.append(later)
                keys.formUnion(facts[later].clashKeys)
            }
        }
        var plan = program(name: "snippet\(index)", kind: .own(snippet: index), context: context, targets: [index],
                           runs: snippet.mode.runs, adjustments: adjustments, recordsAssignments: recordsAssignments,
                           declarationsOnly: lent)
        plan.arguments = snippet.mode.arguments
        return plan
    }

    /// The snippets before `index` whose declarations a program keeps as context though the snippets are not in it:
    /// those that lend them (entry points, elided code) and shared ones that failed for another reason, unless
    /// their declarations no longer compile as context (`outdated`).
    func lenders(before index: Int, excluding excluded: [Int: Exclusion], adjustments: PlanAdjustments) -> [Int] {
        snippets.indices.filter { other in
            guard other < index, !adjustments.outdated.contains(other) else { return false }
            if snippets[other].mode.lendsDeclarations { return excluded[other] == nil }
            if case .failed = excluded[other] { return adjustments.declarationsKept.contains(other) }
            return false
        }
    }

    /// The snippets that lend their declarations to the programs after them (``Snippet/Mode/lendsDeclarations``).
    private func lending(excluding excluded: [Int: Exclusion]) -> Set<Int> {
        Set(snippets.indices.filter { snippets[$0].mode.lendsDeclarations && excluded[$0] == nil })
    }

    /// Whether a snippet declares anything a later one could use besides values: types, functions, extensions…
    func declaresMoreThanValues(_ index: Int) -> Bool {
        facts[index].locals.contains { !$0.isValue } || facts[index].fileScope.contains { !$0.keys.isEmpty || $0.extendedType != nil }
    }

    /// A snippet alone, only type-checked: where a snippet the parser found malformed gets its own error messages
    /// without its unbalanced braces or quotes swallowing the snippets around it.
    func aloneProgram(for index: Int) -> ProgramPlan {
        program(name: "alone\(index)", kind: .own(snippet: index), context: [], targets: [index], runs: false,
                adjustments: PlanAdjustments(), recordsAssignments: false)
    }

    /// Why a snippet failed to compile: its own errors, or — when an error names something that only a snippet
    /// already left out declared (`cannot find 'names' in scope`) — that it depends on that snippet, at the error;
    /// likewise for a name that a snippet in `trapped` was to declare after the statement that trapped.
    func exclusion(for index: Int, errors: [Diagnostic], excluding excluded: [Int: Exclusion],
                   adjustments: PlanAdjustments = PlanAdjustments()) -> Exclusion {
        let trapped = adjustments.trapped
        let outdated = adjustments.outdated
        for error in errors {
            // A later snippet counts too when it failed: a type is often used before the block that declares it
            // (`subcommands: [Add.self]` above `extension Math { struct Add … }`).
            for source in snippets.indices where source != index {
                let failed = switch excluded[source] { case .failed, .dependsOn: true; default: false }
                guard failed || (source < index && (trapped[source] != nil || outdated.contains(source))) else { continue }
                // Members of its extensions count too (`extension Math { struct Add … }` declares `Add`).
                let missing = facts[source].namesDeclaredForOthers.sorted().first { name in
                    CompilerMessages.names(name, in: error.message) && !facts[index].ownNames.contains(name)
                        && !facts[index].memberBaseNames.contains(name)
                        && !snippets.indices.contains { other in
                            (other < index || source > index) && other != source && other != index && excluded[other] == nil
                                && trapped[other] == nil && !outdated.contains(other) && facts[other].namesDeclaredForOthers.contains(name)
                        }
                }
                guard let missing else { continue }
                let line = snippets[source].location.line
                if failed { return .dependsOn(line: line, name: missing, use: error.location) }
                return trapped[source] != nil ? .dependsOnTrapped(line: line, name: missing)
                    : .dependsOnOutdated(line: line, name: missing)
            }
        }
        return .failed(errors)
    }

    /// The shared snippets in the same segment as `index`.
    func segment(containing index: Int, excluding excluded: [Int: Exclusion], flat: Set<Int> = []) -> Set<Int> {
        let shared = snippets.indices.filter { snippets[$0].mode.isShared && excluded[$0] == nil }
        return Set(segments(of: shared, lenders: lending(excluding: excluded), flat: flat.union(testsNeedingFileScope))
            .first { $0.contains(index) } ?? [])
    }

    /// Consecutive runs of shared snippets whose file-scope declarations and types clash with no earlier snippet's:
    /// a snippet that declares one again starts a new segment, whose program drops the earlier declaration (it
    /// is replaced).
    /// A snippet that lends its declarations (`lenders`, not shared: elided code, an entry point) and declares one
    /// again ends the segment before it too, so that its declaration (`typealias Model = Other`) never reaches back
    /// into the program of the snippets it follows, where the earlier one is still in force.
    private func segments(of shared: [Int], lenders: Set<Int> = [], flat: Set<Int> = []) -> [[Int]] {
        var segments: [[Int]] = []
        var current: [Int] = []
        var keys: Set<String> = []
        var lenderReplaced = false
        for index in Set(shared).union(lenders).sorted() {
            let own = facts[index].clashKeys
            if !shared.contains(index) {
                if !keys.isDisjoint(with: own) { lenderReplaced = true }
                keys.formUnion(own)
                continue
            }
            // Compared with every earlier snippet, not only this segment's: a declaration that replaces one of an
            // earlier segment must not reach back into the program where the earlier one is still in force.
            if !current.isEmpty, !keys.isDisjoint(with: own) || flat.contains(index) || lenderReplaced {
                segments.append(current)
                current = []
            }
            lenderReplaced = false
            current.append(index)
            keys.formUnion(own)
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }

    private func program(name: String, kind: ProgramPlan.Kind, context: [Int], targets: [Int], runs: Bool,
                         adjustments: PlanAdjustments, recordsAssignments: Bool, declarationsOnly: [Int] = []) -> ProgramPlan {
        // In the article's order: declarations kept from other snippets sit where those snippets are.
        let blocks = (context.map { ProgramPlan.Block(snippet: $0, isTarget: false) }
            + targets.map { ProgramPlan.Block(snippet: $0, isTarget: true) }
            + declarationsOnly.map { ProgramPlan.Block(snippet: $0, isTarget: false, declarationsOnly: true) })
            .sorted { $0.snippet < $1.snippet }
        // From the first flat snippet on, programs keep their context at file scope.
        let flattens = adjustments.flat.min().map { flat in (targets.first ?? 0) >= flat } ?? false
        let builder = ProgramSourceBuilder(fileName: articlePath, recordsAssignments: recordsAssignments,
                                           flattensContext: flattens, imports: self.context.imports)
        let (source, hidden) = builder.source(for: blocks.map { block in
            ProgramSourceBuilder.Input(snippet: block.snippet, code: code(of: block.snippet, silencing: adjustments.silenced[block.snippet]),
                                       facts: facts[block.snippet], isTarget: block.isTarget,
                                       trappedAt: block.declarationsOnly ? BlockFacts.Position(line: 1, column: 1)
                                           : block.isTarget ? nil : adjustments.trapped[block.snippet],
                                       entryPoint: block.isTarget && !snippets[block.snippet].mode.isShared
                                           ? facts[block.snippet].entryPoint?.typeName : nil)
        })
        return ProgramPlan(name: name, kind: kind, source: source, blocks: blocks, runs: runs,
                           swiftVersion: settings.swiftVersion, hiddenSites: hidden.sorted())
    }

    /// The code a program holds of snippet `index`: as compiled, without its `@main` attribute unless it is shared
    /// (a program of its own calls the type's `main()`; a shared one fails as Swift says), and with the `silenced`
    /// lines blanked.
    private func code(of index: Int, silencing silenced: Set<Int>?) -> String {
        var code = snippets[index].compiledCode
        if let entry = facts[index].entryPoint, !snippets[index].mode.isShared {
            var bytes = Array(code.utf8)
            bytes.blank(entry.attributeStart..<entry.attributeEnd)
            code = String(decoding: bytes, as: UTF8.self)
        }
        return code.blankingLines(silenced ?? [])
    }

    /// The code lines (1-based) of snippet `index` that its comments mark as errors and that `errors` are all on;
    /// nil when an error is elsewhere.
    func markedLines(of index: Int, holding errors: [Diagnostic]) -> Set<Int>? {
        let snippet = snippets[index]
        let marked = Set(snippet.markedErrors.map(\.line))
        guard !errors.isEmpty, !marked.isEmpty else { return nil }
        var lines: Set<Int> = []
        for error in errors {
            guard let line = error.location?.line, marked.contains(line),
                  let codeLine = snippet.lines.firstIndex(where: { $0.number == line }),
                  // A line that opens or closes a bracket (`if i {`) cannot be left out alone.
                  snippet.lines[codeLine].code.bracketsBalance else { return nil }
            lines.insert(codeLine + 1)
        }
        return lines
    }

    /// The Markdown location of a position in a snippet's code.
    func location(snippet index: Int, line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: articlePath, line: snippets[index].markdownLine(ofCodeLine: line) ?? snippets[index].location.line,
                       column: column)
    }
}
