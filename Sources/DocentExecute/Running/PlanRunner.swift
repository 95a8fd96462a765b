import DocentCore
import Foundation

/// The Run step of Execute: runs an article's programs within its time budget, maps every outcome back to the
/// snippets, and gets past snippets that trap.
///
/// ```swift
/// var resolver = PlanResolver(planner: planner, compiler: compiler, directory: scratch)
/// let runs = try PlanRunner(programs: executor, environment: environment, directory: scratch)
///     .run(&resolver, snippets: planner.snippets)
/// ```
/// Shared programs run first, in segment order, then the programs of snippets that need their own; each gets
/// what is left of the article's time limit. When a shared snippet traps (a failed precondition, an uncaught
/// error, a signal), it fails alone: the resolver cuts it at the statement that trapped and the rest of its
/// segment runs again in a program that starts after it — the snippets before it keep the first run's results.
/// It throws only when a program cannot be started at all.
struct PlanRunner {
    var programs: any ProgramExecuting
    var environment: ProgramEnvironment
    var directory: String

    /// How many traps an article may get past; after that, a trap leaves the snippets after it unrun.
    static let maximumTrapsPassed = 32

    /// One run per snippet of the article, in order.
    func run(_ resolver: inout PlanResolver, snippets: [Snippet]) throws -> [SnippetRun] {
        let settings = resolver.planner.settings
        let mapper = OutcomeMapper(articlePath: resolver.planner.articlePath, snippets: snippets, settings: settings)
        var runs: [Int: SnippetRun] = [:]
        var budget = settings.timeLimit
        var ran: Set<String> = []
        var resolution = try resolver.resolveShared()
        var next = 0
        while next < resolution.plan.programs.count {
            let program = resolution.plan.programs[next]
            next += 1
            guard !ran.contains(program.name) else { continue }
            ran.insert(program.name)
            let execution = try execute(program, resolution, resolver: &resolver, mapper: mapper, budget: &budget)
            runs.merge(execution.runs) { _, new in new }
            guard let trap = execution.trap, settings.afterTrap == .continue,
                  resolver.adjustments.trapped.count < Self.maximumTrapsPassed, budget > 0 else { continue }
            // Plan again with the snippet cut where it trapped: its segment resumes after it, and every later
            // program holds it cut.
            resolver.adjustments.trapped[trap.snippet] = trap.statement
            resolution = try resolver.resolveShared()
            next = 0
        }
        resolution = try resolver.resolveOwn(after: resolution)
        for program in resolution.plan.programs where !ran.contains(program.name) {
            ran.insert(program.name)
            runs.merge(try execute(program, resolution, resolver: &resolver, mapper: mapper, budget: &budget).runs) { _, new in new }
        }
        // A snippet left out after it was first planned (it needs what a trapped snippet did not set) was not
        // reached by the run that trapped; its exclusion says why.
        for (index, exclusion) in resolution.plan.excluded where runs[index] == nil || runs[index]?.outcome == .notReached {
            runs[index] = Self.run(for: exclusion, snippet: snippets[index])
        }
        // Lines left out because they failed to compile where the author said they would: their errors come first.
        for (index, errors) in resolver.silencedErrors {
            runs[index, default: SnippetRun(outcome: .notReached)].diagnostics.insert(contentsOf: errors, at: 0)
        }
        return snippets.indices.map { runs[$0] ?? SnippetRun(outcome: .notReached) }
    }

    /// What running one program gave: its targets' runs and, if a target trapped, which and where.
    private struct Execution {
        var runs: [Int: SnippetRun]
        var trap: (snippet: Int, statement: BlockFacts.Position)?
    }

    /// Runs a compiled program within what is left of the article's time budget.
    private func execute(_ program: ProgramPlan, _ resolution: PlanResolver.Resolution, resolver: inout PlanResolver,
                         mapper: OutcomeMapper, budget: inout Double) throws -> Execution {
        let plan = resolution.plan
        guard let compiled = resolution.compiled[program.name] else { return Execution(runs: [:]) }
        guard program.runs else {
            return Execution(runs: Dictionary(uniqueKeysWithValues: program.targets.map { ($0, SnippetRun(outcome: .completed)) }))
        }
        guard budget > 0, let executable = compiled.executable else {
            return Execution(runs: Dictionary(uniqueKeysWithValues: program.targets.map { ($0, SnippetRun(outcome: .notReached)) }))
        }
        let variables: [String: String]
        do {
            variables = try environment.variables(directory: directory, snippetCount: program.blocks.count)
        } catch is ProgramEnvironment.MissingLibfaketime {
            throw DiagnosticError([ExecuteDiagnostics.libfaketimeMissing(article: plan.articlePath)])
        }
        let settings = plan.context.settings
        let limits = ProgramLimits(memory: settings.memoryLimit, cpuSeconds: Int(budget.rounded(.up)) + 1,
                                   fileSize: environment.fileSizeLimit(snippetCount: program.blocks.count))
        var request = RunRequest(executable: executable, cacheKey: plan.context.cacheKey(for: program), directory: directory,
                                 environment: variables, timeLimit: budget, limits: limits,
                                 outputLimit: settings.outputLimit, arguments: program.arguments)
        if let entry = compiled.mergedEntry { request.environment[MergedProgram.variable] = entry }
        var outcome = try programs.run(request)
        if compiled.mergedEntry != nil, outcome.termination == .exited(status: 127),
           RuntimeRecords(parsing: outcome.records).lastBoundary < 0 {
            // The merged executable did not start the program: it is compiled and run apart, as without merging.
            let apart = try resolver.compileApart(program)
            guard apart.succeeded, let path = apart.executable else {
                return Execution(runs: Dictionary(uniqueKeysWithValues: program.targets.map { ($0, SnippetRun(outcome: .notReached)) }))
            }
            request.executable = path
            request.environment[MergedProgram.variable] = nil
            outcome = try programs.run(request)
        }
        budget -= outcome.duration
        let records = RuntimeRecords(parsing: outcome.records)
        if let fault = outcome.channelFault {
            throw DiagnosticError([mapper.channelBroken(program, records: records, fault: fault)])
        }
        var runs = mapper.ran(program, outcome: outcome, records: records, timeLimit: settings.timeLimit)
        // The tests after one that trapped run in a fresh process (Swift Testing runs them all in one).
        runs = try TestReruns(programs: programs, mapper: mapper).rerun(program, request: request, first: (outcome, records),
                                                                        runs: runs, budget: &budget)
        // Only a shared program is resumed after a trap, and only when it trapped: not when it ran out of time.
        guard case .shared = program.kind, outcome.termination != .signaled(SIGXCPU),
              let trapped = program.targets.first(where: { if case .trapped = runs[$0]?.outcome { true } else { false } })
        else { return Execution(runs: runs) }
        let statement = mapper.trappedStatement(snippet: trapped, records: records) ?? BlockFacts.Position(line: 1, column: 1)
        return Execution(runs: runs, trap: (trapped, statement))
    }

    /// The run of a snippet that is in no program.
    static func run(for exclusion: Exclusion, snippet: Snippet) -> SnippetRun {
        switch exclusion {
        case .ignored:
            return SnippetRun(outcome: .skipped)
        case .placeholder(let location):
            return SnippetRun(outcome: .skipped, diagnostics: [
                ExecuteDiagnostics.placeholder(at: location)])
        case .failed(let diagnostics):
            return SnippetRun(outcome: .compileFailed, diagnostics: diagnostics)
        case .dependsOn(let line, let name, let use):
            return SnippetRun(outcome: .compileFailed, diagnostics: [
                ExecuteDiagnostics.dependsOnFailed(name, declaredAt: line, at: use ?? snippet.location)])
        case .usedBeforeDeclaration(let location, let name, let line):
            return SnippetRun(outcome: .compileFailed, diagnostics: [
                ExecuteDiagnostics.usedBeforeDeclaration(name, declaredAt: line, at: location)])
        case .dependsOnTrapped(let line, let name):
            return SnippetRun(outcome: .compileFailed, diagnostics: [
                ExecuteDiagnostics.dependsOnTrapped(name, declaredAt: line, at: snippet.location)])
        case .dependsOnOutdated(let line, let name):
            return SnippetRun(outcome: .compileFailed, diagnostics: [
                ExecuteDiagnostics.dependsOnOutdated(name, declaredAt: line, at: snippet.location)])
        }
    }
}
