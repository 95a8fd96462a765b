import DocentCore
import Foundation

/// Compiles and runs one article with prepared tools: a scratch folder of its own, the plan resolved by compiling
/// (`PlanResolver`), the programs run (`PlanRunner`), the folder removed.
///
/// ```swift
/// let snippets = try ArticleExecutor(toolchain: prepared).run(job)    // each record with its run
/// ```
struct ArticleExecutor {
    var toolchain: PreparedToolchain

    func run(_ job: ArticleJob) throws -> [SnippetRecord] {
        var records = job.snippets
        guard records.contains(where: { $0.snippet.isCompiled }) else {
            for index in records.indices { records[index].run = SnippetRun(outcome: .skipped) }
            return records
        }
        let directory = try toolchain.scratch.create(for: job.articlePath)
        defer { toolchain.scratch.remove(directory, for: job.articlePath) }
        let planner = Self.planner(for: job, fingerprints: toolchain.fingerprints)
        let runs = try toolsFailure("cannot compile or run \(job.articlePath)") {
            var resolver = PlanResolver(planner: planner, compiler: toolchain.compiler, directory: directory,
                                        importLocations: job.importLocations)
            resolver.merged = toolchain.merged
            if let memo = toolchain.plans[job.articlePath], memo.serves(planner) { resolver.memo = memo }
            let environment = ProgramEnvironment(settings: job.settings, path: toolchain.environment.path,
                                                 libfaketime: toolchain.environment.libfaketime)
            return try PlanRunner(programs: toolchain.programs, environment: environment, directory: directory)
                .run(&resolver, snippets: planner.snippets)
        }
        for index in records.indices { records[index].run = runs[index] }
        return records
    }

    /// What plans the article's programs.
    static func planner(for job: ArticleJob, fingerprints: ToolchainFingerprints) -> ArticlePlanner {
        let context = PlanContext(settings: job.settings, fingerprints: fingerprints, supportModule: job.supportModule,
                                  defaultImports: job.defaultImports)
        return ArticlePlanner(articlePath: job.articlePath, records: job.snippets, context: context)
    }
}

/// Runs `body`; any error that is not already a diagnostic becomes one unlocated error: the tools failed.
func toolsFailure<T>(_ message: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as DiagnosticError {
        throw error
    } catch let diagnostic as Diagnostic {
        throw DiagnosticError([diagnostic])
    } catch {
        throw DiagnosticError([ToolchainDiagnostics.toolsFailed(message, error)])
    }
}
