import DocentCore
import Foundation

/// Runs one article's plan: compiles its programs, leaving out snippets that do not compile (and those that use
/// what they declare) until the rest compiles, then runs them and maps every outcome back to the snippets.
///
/// ```swift
/// let runs = try ArticleExecutor(planner: planner, compiler: compiler, programs: executor,
///                                environment: programEnvironment, directory: work).run()
/// ```
/// A broken snippet fails alone, with its own compiler messages; every other snippet still runs. It throws only
/// when the tools themselves fail (the compiler cannot be started, a folder cannot be written).
struct ArticleExecutor {
    var planner: ArticlePlanner
    var compiler: any CompilerExecuting
    var programs: any ProgramExecuting
    var environment: ProgramEnvironment
    var directory: String
    /// Where outcomes are kept between builds; `nil` compiles and runs everything.
    var cache: ProgramCache? = nil
    /// Whether programs run sandboxed (part of the cache key: hostile code may behave differently outside).
    var sandboxed = false

    private var snippets: [Snippet] { planner.snippets }
    private var compileLimit: Double { planner.settings.compileTimeLimit }
    private var mapper: OutcomeMapper {
        OutcomeMapper(articlePath: planner.articlePath, snippets: snippets, settings: planner.settings)
    }

    func run() throws -> [SnippetRun] {
        let (plan, compiled) = try compileShared()
        var runs: [Int: SnippetRun] = [:]
        for (index, exclusion) in plan.excluded { runs[index] = run(for: exclusion, snippet: index) }
        var budget = planner.settings.timeLimit
        for program in plan.programs {
            guard case .shared = program.kind, let outcome = compiled[program.name] else { continue }
            runs.merge(try execute(program, outcome.compile, cachedRun: outcome.cachedRun, budget: &budget)) { _, new in new }
        }
        for program in plan.programs {
            guard case .own(let index) = program.kind else { continue }
            runs[index] = try runOwn(index, excluded: plan.excluded, budget: &budget)
        }
        return snippets.indices.map { runs[$0] ?? SnippetRun(outcome: .notReached) }
    }

    /// Plans and compiles the shared programs, leaving out each snippet with errors and planning again, until
    /// every shared program compiles. A snippet whose errors come from a name only a left-out snippet declared is
    /// reported as depending on that snippet: finding that out takes the compile, never a guess from its text. If Docent's own lines fail to compile (a recorded
    /// property assignment the type checker rejects), assignments are no longer recorded.
    private func compileShared() throws -> (ArticlePlan, [String: (compile: CompileOutcome, cachedRun: ProgramOutcome?)]) {
        var excluded = planner.initialExclusions()
        // A malformed snippet is compiled alone first: its errors are its own, and it cannot break its neighbours.
        for index in snippets.indices where planner.facts[index].hasSyntaxErrors && excluded[index] == nil && snippets[index].isShared {
            let (outcome, _) = try compile(planner.aloneProgram(for: index))
            guard !outcome.succeeded else { continue }
            let own = mapper.attribute(outcome.messages).bySnippet[index]
            excluded[index] = .failed(own ?? [.error(at: snippets[index].location, "the snippet does not compile",
                                                     notes: [outcome.standardError])])
        }
        var recordsAssignments = true
        attempt: while true {
            let plan = planner.plan(excluding: excluded, recordsAssignments: recordsAssignments)
            var compiled: [String: (compile: CompileOutcome, cachedRun: ProgramOutcome?)] = [:]
            for program in plan.programs {
                guard case .shared = program.kind else { continue }
                let (outcome, cachedRun) = try compile(program)
                if outcome.succeeded {
                    compiled[program.name] = (outcome, cachedRun)
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
                if failed.isEmpty {
                    // Nothing located in a snippet: every target fails with what the compiler said.
                    let problems = attribution.elsewhere + attribution.generated
                    for target in program.targets {
                        failed[target] = problems.isEmpty
                            ? [.error(at: snippets[target].location, "the compiler failed", notes: [outcome.standardError])]
                            : problems
                    }
                }
                let before = excluded
                for (index, diagnostics) in failed {
                    excluded[index] = planner.exclusion(for: index, errors: diagnostics, excluding: before)
                }
                continue attempt
            }
            return (plan, compiled)
        }
    }

    /// A snippet with a program of its own: compiled (with context snippets whose combination with it fails left
    /// out, up to a few times), then run if its mode runs.
    private func runOwn(_ index: Int, excluded initial: [Int: Exclusion], budget: inout Double) throws -> SnippetRun {
        var excluded = initial
        for _ in 0..<4 {
            let program = planner.ownProgram(for: index, excluding: excluded)
            let (outcome, cachedRun) = try compile(program)
            guard !outcome.succeeded else {
                guard program.runs else { return SnippetRun(outcome: .completed) }
                return try execute(program, outcome, cachedRun: cachedRun, budget: &budget)[index] ?? SnippetRun(outcome: .notReached)
            }
            if let limit = outcome.timedOutAfter {
                return SnippetRun(outcome: .compileFailed, diagnostics: [compileTimeOut(limit, snippet: index)])
            }
            let attribution = mapper.attribute(outcome.messages)
            if let own = attribution.bySnippet[index] {
                return SnippetRun(outcome: .compileFailed, diagnostics: own)
            }
            let context = Set(attribution.bySnippet.keys)
            guard !context.isEmpty else {
                let problems = attribution.elsewhere + attribution.generated
                return SnippetRun(outcome: .compileFailed, diagnostics: problems.isEmpty
                    ? [.error(at: snippets[index].location, "the compiler failed", notes: [outcome.standardError])] : problems)
            }
            for other in context { excluded[other] = .failed(attribution.bySnippet[other] ?? []) }
        }
        return SnippetRun(outcome: .compileFailed, diagnostics: [
            .error(at: snippets[index].location, "cannot be checked: the earlier snippets it needs do not compile with it")])
    }

    private func compileTimeOut(_ limit: Double, snippet index: Int) -> Diagnostic {
        .error(at: snippets[index].location,
               "compiling took longer than the compile-time limit of \(OutcomeMapper.seconds(limit))",
               notes: ["split the code into smaller snippets, or raise `compile-time-limit` in site.yml"])
    }

    /// The cache key of a program of this article.
    private func cacheKey(_ program: ProgramPlan) -> String? {
        cache?.key(for: program, fingerprints: planner.fingerprints, settings: planner.settings,
                   supportModule: planner.supportModule, sandboxed: sandboxed)
    }

    /// Compiles a program, or takes its compile outcome (and its run's) from the cache. A compile that failed, or
    /// one of a program that never runs, is stored at once; one that succeeded is stored with its run.
    private func compile(_ program: ProgramPlan) throws -> (CompileOutcome, cachedRun: ProgramOutcome?) {
        let key = cacheKey(program)
        if let key, let hit = cache?.load(key), !(hit.compile.succeeded && program.runs && hit.run == nil) {
            return (hit.compile, hit.run)
        }
        let outcome = try compiler.compile(CompileRequest(program: program, directory: directory, timeLimit: compileLimit))
        if let key, outcome.timedOutAfter == nil, !outcome.succeeded || !program.runs {
            cache?.store(CachedProgram(compile: Self.storable(outcome), run: nil), key: key)
        }
        return (outcome, nil)
    }

    /// A compile outcome without the path of an executable that will be gone.
    private static func storable(_ outcome: CompileOutcome) -> CompileOutcome {
        var copy = outcome
        copy.executable = nil
        return copy
    }

    /// Runs a compiled program within what is left of the article's time budget (or takes its cached run), and
    /// stores a fresh run that did not time out.
    private func execute(_ program: ProgramPlan, _ compiled: CompileOutcome, cachedRun: ProgramOutcome?,
                         budget: inout Double) throws -> [Int: SnippetRun] {
        if let cachedRun { return mapper.ran(program, outcome: cachedRun, timeLimit: planner.settings.timeLimit) }
        guard budget > 0, let executable = compiled.executable else {
            return Dictionary(uniqueKeysWithValues: program.targets.map { ($0, SnippetRun(outcome: .notReached)) })
        }
        let variables: [String: String]
        do {
            variables = try environment.variables(directory: directory, snippetCount: program.blocks.count)
        } catch is ProgramEnvironment.MissingLibfaketime {
            throw DiagnosticError([.error(at: SourceLocation(path: planner.articlePath),
                                          "this article sets `now`, which needs libfaketime, and it is not installed",
                                          notes: ["install it with `apt-get install libfaketime`, or set DOCENT_LIBFAKETIME to libfaketime.so.1"])])
        }
        let limit = budget
        let settings = planner.settings
        let limits = ProgramLimits(memory: settings.memoryLimit, cpuSeconds: Int(limit.rounded(.up)) + 1,
                                   fileSize: Int(variables[RuntimeContract.Variable.fileSizeLimit] ?? "") ?? (16 << 20))
        let outcome = try programs.run(RunRequest(executable: executable, directory: directory, environment: variables,
                                                  timeLimit: limit, limits: limits))
        budget -= outcome.duration
        // Only a run the runtime saw start is worth keeping: a time-out may not happen again, and a program that
        // never reached its first snippet (a library it could not load) says something about this machine.
        let records = RuntimeRecords(parsing: outcome.records)
        if outcome.termination != .timedOut, records.lastBoundary >= 0, let key = cacheKey(program) {
            cache?.store(CachedProgram(compile: Self.storable(compiled), run: outcome), key: key)
        }
        return mapper.ran(program, outcome: outcome, records: records, timeLimit: planner.settings.timeLimit)
    }

    /// The run of a snippet that is in no program.
    private func run(for exclusion: Exclusion, snippet index: Int) -> SnippetRun {
        switch exclusion {
        case .ignored:
            return SnippetRun(outcome: .skipped)
        case .placeholder(let location):
            return SnippetRun(outcome: .skipped, diagnostics: [
                Diagnostic(.note, at: location, "not compiled: the snippet contains an editor placeholder")])
        case .failed(let diagnostics):
            return SnippetRun(outcome: .compileFailed, diagnostics: diagnostics)
        case .dependsOn(let line, let name):
            return SnippetRun(outcome: .compileFailed, diagnostics: [
                .error(at: snippets[index].location,
                       "not compiled: it uses '\(name)', declared by the snippet at line \(line), which does not compile")])
        }
    }
}
