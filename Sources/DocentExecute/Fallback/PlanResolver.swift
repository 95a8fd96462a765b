import DocentCore

/// The Plan step's loop: compiles an article's programs, leaving out each snippet that does not compile (and the
/// snippets that use what it declares) and planning again, until every program that remains compiles. The
/// compiler reports every failing snippet at once, and the snippets that use what they declare are found by their
/// facts (`ArticlePlanner.dependents`), so an error mostly costs one more compile of the article.
///
/// ```swift
/// var resolver = PlanResolver(planner: planner, compiler: compiler, directory: scratch)
/// let resolution = try resolver.resolve()
/// resolution.plan.excluded      // [3: .failed([…its own errors…]), 5: .dependsOn(line: 40, name: "total")]
/// resolution.compiled["shared0"]?.executable
/// ```
/// A broken snippet fails alone, with its own compiler messages; a snippet is said to depend on a left-out one only
/// where its facts leave no doubt (a plain top-level use of a value or type only that one declared) or the
/// compile's error names what the left-out one declared. It throws only when the compiler cannot be used at all, or
/// when a module of `imports:` cannot be imported (an error of the article's settings, not of its snippets).
struct PlanResolver {
    var planner: ArticlePlanner
    var compiler: any CompilerExecuting
    /// The scratch folder programs are compiled in.
    var directory: String
    /// What earlier compiles and runs taught the planner; the runner adds where snippets trapped.
    var adjustments = PlanAdjustments()
    /// Exclusions of shared snippets found so far: a later resolve starts from them.
    private var sharedExclusions: [Int: Exclusion]?
    private var recordsAssignments = true
    /// The errors of the marked lines left out (`adjustments.silenced`), which the snippet's run carries.
    private(set) var silencedErrors: [Int: [Diagnostic]] = [:]
    /// Snippets whose marked lines broke the program when left out.
    private var unsilenceable: Set<Int> = []
    /// What each program compiled to in this resolver's life: resolving again after a trap compiles only the
    /// programs the cut changed.
    private var compiledPrograms: [ProgramPlan: CompileOutcome] = [:]

    /// Where each module of `imports:` is named, in the list's order (see ``ArticleJob/importLocations``).
    var importLocations: [SourceLocation]
    /// Programs already compiled into a merged executable, by cache key: taken as they are, not compiled again.
    var merged: [String: MergedProgram] = [:]
    /// Plans of the article made before it resolves (by merge planning): taken, not made again.
    var memo: PlanMemo?

    init(planner: ArticlePlanner, compiler: any CompilerExecuting, directory: String, importLocations: [SourceLocation] = []) {
        self.planner = planner
        self.compiler = compiler
        self.directory = directory
        self.importLocations = importLocations
    }

    /// The final plan, whose every program compiled, and what compiling each gave.
    struct Resolution {
        /// Shared programs in segment order, then the programs of snippets that need their own; `excluded` holds
        /// every snippet in no program (own-program snippets that failed to compile included) and why.
        var plan: ArticlePlan
        /// Each program's compile outcome, by program name.
        var compiled: [String: CompileOutcome]
    }

    private var snippets: [Snippet] { planner.snippets }
    private var mapper: OutcomeMapper {
        OutcomeMapper(articlePath: planner.articlePath, snippets: snippets, settings: planner.settings)
    }

    /// Every program of the article: the shared ones, then those of snippets that need their own.
    mutating func resolve() throws -> Resolution {
        try resolveOwn(after: try resolveShared())
    }

    /// Adds the programs of snippets that need their own to a resolution of the shared programs.
    mutating func resolveOwn(after shared: Resolution) throws -> Resolution {
        var resolution = shared
        let sharedExclusions = shared.plan.excluded
        var ownFailed = false
        for index in snippets.indices where snippets[index].mode.needsOwnProgram && sharedExclusions[index] == nil {
            switch try resolveOwn(index, excluded: sharedExclusions) {
            case .compiled(let program, let outcome):
                resolution.plan.programs.append(program)
                resolution.compiled[program.name] = outcome
            case .failed(let diagnostics):
                // An error naming what only a left-out snippet declares is blamed on that snippet, at the use
                // (never along a loop of blame, which would show no snippet's own error).
                let exclusion = planner.exclusion(for: index, errors: diagnostics, excluding: resolution.plan.excluded,
                                                  adjustments: adjustments)
                if case .dependsOn(let line, _, _) = exclusion, leadsBack(from: line, to: index, excluded: resolution.plan.excluded) {
                    resolution.plan.excluded[index] = .failed(diagnostics)
                } else {
                    resolution.plan.excluded[index] = exclusion
                }
                ownFailed = true
            }
        }
        guard ownFailed else { return resolution }
        // A shared snippet that failed on a name a later snippet with its own program declares (elided code, an
        // entry point) is blamed on that snippet now that it is known not to compile either.
        for index in resolution.plan.excluded.keys.sorted() where snippets[index].mode.isShared {
            guard case .failed(let errors) = resolution.plan.excluded[index] else { continue }
            let again = planner.exclusion(for: index, errors: errors, excluding: resolution.plan.excluded, adjustments: adjustments)
            if case .dependsOn(let line, _, _) = again, !leadsBack(from: line, to: index, excluded: resolution.plan.excluded) {
                resolution.plan.excluded[index] = again
            }
        }
        return resolution
    }

    /// Whether the chain of snippets that failed because of another, from the one at `line`, comes back to snippet
    /// `index`: blaming it on that one would leave no snippet showing the error that starts it all.
    private func leadsBack(from line: Int, to index: Int, excluded: [Int: Exclusion]) -> Bool {
        var line = line
        var seen: Set<Int> = []
        while let source = snippets.firstIndex(where: { $0.location.line == line }) {
            if source == index { return true }
            guard seen.insert(source).inserted else { return true }  // a loop elsewhere: no good either
            guard case .dependsOn(let next, _, _) = excluded[source] else { return false }
            line = next
        }
        return false
    }

    /// Plans and compiles the shared programs, leaving out each snippet with errors and planning again, until every
    /// shared program compiles. If Docent's own lines fail to compile (a recorded property assignment the type
    /// checker rejects), assignments are no longer recorded.
    mutating func resolveShared() throws -> Resolution {
        var excluded = try sharedExclusions ?? initialSharedExclusions()
        attempt: while true {
            var plan = memo?.plan(planner, excluding: excluded, adjustments: adjustments, recordsAssignments: recordsAssignments)
                ?? planner.plan(excluding: excluded, adjustments: adjustments, recordsAssignments: recordsAssignments)
            plan.programs.removeAll { if case .own = $0.kind { true } else { false } }
            var compiled: [String: CompileOutcome] = [:]
            for program in plan.programs {
                let outcome = try compile(program)
                if outcome.succeeded {
                    compiled[program.name] = outcome
                    continue
                }
                if let limit = outcome.timedOutAfter {
                    for target in program.targets { excluded[target] = .failed([compileTimeOut(limit, snippet: target)]) }
                    continue attempt
                }
                let attribution = mapper.attribute(outcome.messages)
                if !attribution.generated.isEmpty, attribution.bySnippet.isEmpty, recordsAssignments {
                    recordsAssignments = false
                    continue attempt
                }
                var failed = attribution.bySnippet
                let silencedTargets = program.targets.filter { adjustments.silenced[$0] != nil }
                if failed.isEmpty, !silencedTargets.isEmpty {
                    // Leaving the marked lines out broke the program where no snippet is to blame: keep them in,
                    // and let those snippets fail to compile as their authors said.
                    for index in silencedTargets {
                        adjustments.silenced[index] = nil
                        silencedErrors[index] = nil
                        unsilenceable.insert(index)
                    }
                    continue attempt
                }
                if failed.isEmpty {
                    // Nothing located in a snippet: every target fails with what the compiler said.
                    for target in program.targets { failed[target] = unlocated(attribution, outcome, snippet: target) }
                }
                // A snippet of an earlier segment is context here: it compiled in its own program, and fails only
                // with what this one replaced. It is left out of this program and the later ones, not failed.
                let earlier = Set(program.blocks.filter { !$0.isTarget }.map(\.snippet))
                    .subtracting(planner.segment(containing: program.targets.first ?? 0, excluding: excluded,
                                                 flat: adjustments.flat))
                let outdatedNow = Set(failed.keys).intersection(earlier)
                if !outdatedNow.isEmpty {
                    adjustments.outdated.formUnion(outdatedNow)
                    continue attempt
                }
                // A local type in a nested scope that cannot reach the values around it: its snippet starts a
                // segment whose program keeps the context at file scope.
                let cutOff = failed.filter { index, errors in
                    program.targets.contains(index) && !adjustments.flat.contains(index)
                        && errors.contains { CompilerMessages.closesOverValue($0.message) }
                }
                if !cutOff.isEmpty {
                    adjustments.flat.formUnion(cutOff.keys)
                    continue attempt
                }
                // Errors only on lines the author marked as errors: those lines are left out, the rest runs.
                let markedOnly = failed.compactMap { index, errors -> (index: Int, lines: Set<Int>, errors: [Diagnostic])? in
                    guard program.targets.contains(index), !unsilenceable.contains(index),
                          let lines = planner.markedLines(of: index, holding: errors),
                          !lines.isSubset(of: adjustments.silenced[index] ?? []) else { return nil }
                    return (index, lines, errors)
                }
                if !markedOnly.isEmpty {
                    for (index, lines, errors) in markedOnly {
                        adjustments.silenced[index, default: []].formUnion(lines)
                        silencedErrors[index, default: []] += errors
                    }
                    continue attempt
                }
                let before = excluded
                for (index, diagnostics) in failed {
                    excluded[index] = planner.exclusion(for: index, errors: diagnostics, excluding: before,
                                                        adjustments: adjustments)
                    // Its declarations may well compile without the statement that failed: later programs keep them
                    // (not when an error lies in one of them: it fails there too).
                    if case .failed = excluded[index], planner.declaresMoreThanValues(index),
                       !planner.errorsLieInKeptDeclarations(diagnostics, of: index) {
                        adjustments.declarationsKept.insert(index)
                    }
                }
                // The snippets that use what a left-out one declared go with it now, not one compile per link.
                excluded.merge(planner.dependents(excluding: excluded, adjustments: adjustments)) { old, _ in old }
                continue attempt
            }
            sharedExclusions = excluded
            return Resolution(plan: plan, compiled: compiled)
        }
    }

    /// The exclusions known before the shared programs compile: the planner's, and each malformed snippet that
    /// does not compile alone — its errors are its own, and it cannot break its neighbours.
    private mutating func initialSharedExclusions() throws -> [Int: Exclusion] {
        var excluded = planner.initialExclusions()
        for index in snippets.indices where planner.facts[index].hasSyntaxErrors && excluded[index] == nil
            && snippets[index].mode.isShared {
            let outcome = try compile(planner.aloneProgram(for: index))
            guard !outcome.succeeded else { continue }
            let own = mapper.attribute(outcome.messages).bySnippet[index]
            excluded[index] = .failed(own ?? [ExecuteDiagnostics.doesNotCompile(at: snippets[index].location,
                                                                                compilerSaid: outcome.standardError)])
        }
        return excluded.merging(planner.dependents(excluding: excluded, adjustments: adjustments)) { old, _ in old }
    }

    /// How resolving a snippet's own program ended.
    private enum OwnResolution {
        case compiled(ProgramPlan, CompileOutcome)
        case failed([Diagnostic])
    }

    /// A snippet with a program of its own: compiled with the earlier shared snippets as context, leaving out (up to a
    /// few times) context snippets whose combination with it fails.
    private mutating func resolveOwn(_ index: Int, excluded initial: [Int: Exclusion]) throws -> OwnResolution {
        var excluded = initial
        // Declarations kept of a snippet that failed are dropped from this program as `outdated`: they are
        // context only through `declarationsKept`, which a failed exclusion does not undo.
        var local = adjustments
        for _ in 0..<4 {
            let program = memo?.ownProgram(for: index, excluding: excluded, adjustments: local)
                ?? planner.ownProgram(for: index, excluding: excluded, adjustments: local)
            let outcome = try compile(program)
            if outcome.succeeded { return .compiled(program, outcome) }
            if let limit = outcome.timedOutAfter { return .failed([compileTimeOut(limit, snippet: index)]) }
            let attribution = mapper.attribute(outcome.messages)
            if let own = attribution.bySnippet[index] { return .failed(own) }
            let context = Set(attribution.bySnippet.keys)
            guard !context.isEmpty else { return .failed(unlocated(attribution, outcome, snippet: index)) }
            for other in context {
                if case .failed = excluded[other] { local.outdated.insert(other) } else {
                    excluded[other] = .failed(attribution.bySnippet[other] ?? [])
                }
            }
        }
        return .failed([ExecuteDiagnostics.contextDoesNotCompile(at: snippets[index].location)])
    }

    /// Compiles a program. An import of `imports:` that fails (a module that does not exist) fails every program
    /// alike and no snippet is to blame: it is thrown, once, at the line that names the module.
    private mutating func compile(_ program: ProgramPlan) throws -> CompileOutcome {
        if let known = compiledPrograms[program] { return known }
        if !merged.isEmpty, program.runs, let entry = merged[planner.context.cacheKey(for: program)] {
            let outcome = try entry.outcome(placedAt: "\(directory)/\(program.name)")
            compiledPrograms[program] = outcome
            return outcome
        }
        let outcome = try compiler.compile(CompileRequest(program: program, context: planner.context,
                                                          articlePath: planner.articlePath, directory: directory))
        compiledPrograms[program] = outcome
        if !outcome.succeeded {
            let importErrors = mapper.importErrors(in: outcome.messages, locations: importLocations)
            if !importErrors.isEmpty { throw DiagnosticError(importErrors) }
        }
        return outcome
    }

    /// Forgets that `program` is merged, when its merged executable would not start it: it is compiled apart.
    mutating func compileApart(_ program: ProgramPlan) throws -> CompileOutcome {
        merged[planner.context.cacheKey(for: program)] = nil
        compiledPrograms[program] = nil
        return try compile(program)
    }

    /// What a snippet fails with when the compiler's errors are in no snippet: those errors, or all it printed.
    private func unlocated(_ attribution: OutcomeMapper.Attribution, _ outcome: CompileOutcome, snippet index: Int) -> [Diagnostic] {
        let problems = attribution.elsewhere + attribution.generated
        return problems.isEmpty
            ? [ExecuteDiagnostics.compilerFailed(at: snippets[index].location, compilerSaid: outcome.standardError)] : problems
    }

    private func compileTimeOut(_ limit: Double, snippet index: Int) -> Diagnostic {
        ExecuteDiagnostics.compileTimeOut(limit, at: snippets[index].location)
    }
}
