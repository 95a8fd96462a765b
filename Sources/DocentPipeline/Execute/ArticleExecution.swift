import DocentCore
import Foundation

/// Compiles and runs one article: its main program, then each snippet that needs a program of its own.
///
/// The article's time limit is one budget shared by all the programs it runs; compiling does not count.
struct ArticleExecution: Sendable {
    var articlePath: String
    var snippets: [Snippet]
    var settings: ExecutionSettings
    var compiler: SwiftCompiler
    var modules: [SwiftCompiler.Module]
    var processRunner: any ProcessRunning
    var programEnvironment: ProgramEnvironment
    var temporaryDirectory: String

    func run() -> [SnippetRun] {
        var runs = snippets.map { $0.mode == .ignore ? SnippetRun(outcome: .skipped) : nil }
        let files = FileManager()
        let directory = "\(temporaryDirectory)/docent-run-\(UUID().uuidString)"
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return runs.enumerated().map { $1 ?? failure(snippets[$0], "cannot create \(directory): \(error)") }
        }
        defer { try? files.removeItem(atPath: directory) }

        var budget = settings.timeLimit
        let main = ArticleProgram.main(articlePath: articlePath, snippets: snippets)
        if !main.snippetIndices.isEmpty {
            for (index, run) in execute(main, name: "main", runs: true, in: directory, budget: &budget) {
                runs[index] = run
            }
        }
        for index in snippets.indices where runs[index] == nil {
            let program = ArticleProgram.separate(for: index, articlePath: articlePath, snippets: snippets)
            let runsProgram = snippets[index].mode == .isolated || snippets[index].mode == .crash
            runs[index] = execute(program, name: "snippet\(index)", runs: runsProgram, in: directory, budget: &budget)[index]
        }
        return runs.enumerated().map { $1 ?? failure(snippets[$0], "internal error: the snippet was not run") }
    }

    /// Compiles `program` (only checks it when `runs` is false) and runs it within what is left of the budget.
    private func execute(_ program: ArticleProgram, name: String, runs: Bool, in directory: String,
                         budget: inout Double) -> [Int: SnippetRun] {
        let results = ProgramResults(articlePath: articlePath, snippets: snippets, program: program, settings: settings)
        let source = "\(directory)/\(name).swift"
        let executable = runs ? "\(directory)/\(name)" : nil
        let compiled: ProcessOutcome
        do {
            try Data(program.source.utf8).write(to: URL(fileURLWithPath: source))
            let arguments = SwiftCompiler.programArguments(main: source, output: executable,
                                                           swiftVersion: settings.swiftVersion, modules: modules)
            compiled = try compiler.run(arguments, in: directory)
        } catch {
            return all(program, failure: "cannot run the compiler: \(error)")
        }
        guard compiled.succeeded else {
            let errors = CompilerOutput.errors(in: compiled.standardError)
            guard !errors.isEmpty else { return all(program, failure: "the compiler failed:\n\(compiled.standardError)") }
            return results.compileFailed(errors)
        }
        guard let executable else {
            return Dictionary(uniqueKeysWithValues: program.snippetIndices.map { ($0, SnippetRun(outcome: .completed)) })
        }
        guard budget > 0 else {
            return Dictionary(uniqueKeysWithValues: program.snippetIndices.map { ($0, SnippetRun(outcome: .notReached)) })
        }

        let resultsFile = "\(directory)/\(name).results"
        let outputFile = "\(directory)/\(name).stdout"
        let outcome: ProcessOutcome
        do {
            let variables = try programEnvironment.variables(resultsFile: resultsFile, directory: directory,
                                                             snippetCount: program.snippetIndices.count)
            outcome = try processRunner.run(executable: executable, arguments: [], environment: variables,
                                            workingDirectory: directory, timeLimit: budget, stdoutFile: outputFile)
        } catch is ProgramEnvironment.MissingLibfaketime {
            return all(program, failure: "this article sets `now`, which needs libfaketime, and it is not installed",
                       notes: ["install it with `apt-get install libfaketime`, or set DOCENT_LIBFAKETIME to libfaketime.so.1"])
        } catch {
            return all(program, failure: "cannot run the program: \(error)")
        }
        budget -= outcome.duration
        let records = RuntimeRecords(parsing: (try? String(contentsOfFile: resultsFile, encoding: .utf8)) ?? "")
        let output = (try? Data(contentsOf: URL(fileURLWithPath: outputFile))) ?? Data()
        return results.ran(records: records, output: output, termination: outcome.termination,
                           standardError: outcome.standardError)
    }

    /// Every snippet of the program failed for a reason outside the author's code.
    private func all(_ program: ArticleProgram, failure message: String, notes: [String] = []) -> [Int: SnippetRun] {
        Dictionary(uniqueKeysWithValues: program.snippetIndices.map { ($0, failure(snippets[$0], message, notes: notes)) })
    }

    private func failure(_ snippet: Snippet, _ message: String, notes: [String] = []) -> SnippetRun {
        SnippetRun(outcome: .compileFailed, diagnostics: [.error(at: snippet.location, message, notes: notes)])
    }
}
