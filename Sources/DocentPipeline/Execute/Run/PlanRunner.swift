import DocentCore
import Foundation

/// The Run step of Execute: runs the programs of a resolved plan within the article's time budget and maps every
/// outcome back to the snippets.
///
/// ```swift
/// let resolution = try PlanResolver(planner: planner, compiler: compiler, directory: scratch).resolve()
/// let runs = try PlanRunner(programs: executor, environment: environment, directory: scratch).run(resolution)
/// ```
/// Shared programs run first, in segment order, then the programs of snippets that need their own; each gets
/// what is left of the article's time limit. It throws only when a program cannot be started at all.
struct PlanRunner {
    var programs: any ProgramExecuting
    var environment: ProgramEnvironment
    var directory: String

    /// One run per snippet of the article, in order.
    func run(_ resolution: PlanResolver.Resolution, snippets: [Snippet]) throws -> [SnippetRun] {
        let plan = resolution.plan
        let mapper = OutcomeMapper(articlePath: plan.articlePath, snippets: snippets, settings: plan.context.settings)
        var runs: [Int: SnippetRun] = [:]
        for (index, exclusion) in plan.excluded { runs[index] = Self.run(for: exclusion, snippet: snippets[index]) }
        var budget = plan.context.settings.timeLimit
        for program in plan.programs {
            guard let compiled = resolution.compiled[program.name] else { continue }
            guard program.runs else {
                for target in program.targets { runs[target] = SnippetRun(outcome: .completed) }
                continue
            }
            let key = plan.context.cacheKey(for: program)
            runs.merge(try execute(program, compiled, key: key, plan: plan, mapper: mapper, budget: &budget)) { _, new in new }
        }
        return snippets.indices.map { runs[$0] ?? SnippetRun(outcome: .notReached) }
    }

    /// Runs a compiled program within what is left of the article's time budget.
    private func execute(_ program: ProgramPlan, _ compiled: CompileOutcome, key: String, plan: ArticlePlan,
                         mapper: OutcomeMapper, budget: inout Double) throws -> [Int: SnippetRun] {
        guard budget > 0, let executable = compiled.executable else {
            return Dictionary(uniqueKeysWithValues: program.targets.map { ($0, SnippetRun(outcome: .notReached)) })
        }
        let variables: [String: String]
        do {
            variables = try environment.variables(directory: directory, snippetCount: program.blocks.count)
        } catch is ProgramEnvironment.MissingLibfaketime {
            throw DiagnosticError([.error(at: SourceLocation(path: plan.articlePath),
                                          "this article sets `now`, which needs libfaketime, and it is not installed",
                                          notes: ["install it with `apt-get install libfaketime`, or set DOCENT_LIBFAKETIME to libfaketime.so.1"])])
        }
        let settings = plan.context.settings
        let limits = ProgramLimits(memory: settings.memoryLimit, cpuSeconds: Int(budget.rounded(.up)) + 1,
                                   fileSize: environment.fileSizeLimit(snippetCount: program.blocks.count))
        let outcome = try programs.run(RunRequest(executable: executable, cacheKey: key, directory: directory,
                                                  environment: variables, timeLimit: budget, limits: limits))
        budget -= outcome.duration
        return mapper.ran(program, outcome: outcome, timeLimit: settings.timeLimit)
    }

    /// The run of a snippet that is in no program.
    static func run(for exclusion: Exclusion, snippet: Snippet) -> SnippetRun {
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
                .error(at: snippet.location,
                       "not compiled: it uses '\(name)', declared by the snippet at line \(line), which does not compile")])
        }
    }
}
