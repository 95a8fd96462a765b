import DocentCore
import Foundation

extension MergedBuilder {
    /// A program whose compile is expected to fail, or that is only type-checked (`compile-fail`, `no-run`), checked
    /// ahead in the merged build's sandboxes, with exactly the arguments its article's compile would have, instead of
    /// in a sandbox of its own when its article gets to it.
    ///
    /// ```swift
    /// let check = MergedBuilder.Check(key: key, program: program, articlePath: path, timeLimit: 60, memoryLimit: 2 << 30)
    /// check.answer(status: 1, standardError: messages)     // the outcome the article's compile would have had
    /// ```
    /// Only an answer the article's own compile would surely give is kept: a type-check's outcome for a program that
    /// is only type-checked; for a program that runs, only a failure (its article must still build it when it
    /// compiles). A compile that ran out of time, crashed, or failed for the machine's sake is not answered.
    struct Check: Sendable {
        var key: String
        var program: ProgramPlan
        var articlePath: String
        var timeLimit: Double
        var memoryLimit: Int
        /// Whether it is compiled and linked as its article would (a program that runs but is not merged: it links
        /// apart), its executable kept for the article, rather than only type-checked.
        var links = false

        /// The outcome for the article, from the compile's exit status and what it printed, its executable (when it
        /// links) at `executable`; `nil` when the article must compile the program itself.
        func answer(status: Int32, standardError: String, executable: String? = nil) -> CompileOutcome? {
            if links {
                // Sure only when every message is in the article or in Docent's lines, as for a merged program.
                let candidate = MergedBuilder.Candidate(key: key, program: program, timeLimit: timeLimit, memoryLimit: memoryLimit,
                                                        articlePath: articlePath)
                guard status == 0 else { return candidate.failure(status: status, standardError: standardError) }
                // A warning in the program's own file would name the batch's folder where its article's would not.
                guard let executable, candidate.inArticle(standardError), !standardError.contains("/\(program.name).swift")
                else { return nil }
                return CompileOutcome(succeeded: true, messages: CompilerOutput.errors(in: standardError), standardError: standardError,
                                      executable: executable)
            }
            switch status {
            case 0 where !program.runs:
                return CompileOutcome(succeeded: true, messages: CompilerOutput.errors(in: standardError), standardError: standardError)
            case 1 where CompilerFault(standardError: standardError) == nil:
                return CompileOutcome(succeeded: false, messages: CompilerOutput.errors(in: standardError), standardError: standardError)
            default:
                return nil
            }
        }

        /// Keeps `outcome` in the result cache as `CachingCompiler` would have: when the program compiled, or failed
        /// with an error in the article's code (never its executable, which does not outlive the run).
        func store(_ outcome: CompileOutcome, in cache: ProgramCache?) {
            guard let cache, outcome.succeeded || outcome.messages.contains(where: { $0.path == articlePath }) else { return }
            var storable = outcome
            storable.executable = nil
            cache.store(CachedProgram(compile: storable, run: nil), key: key)
        }
    }
}

/// A compiler that answers the programs the merged build checked ahead (`MergedBuilder.Check`) with what that check
/// gave, and compiles every other program with the compiler it wraps.
///
/// ```swift
/// let compiler = CheckedAheadCompiler(base: prepared.compiler, answers: built.checked)
/// ```
struct CheckedAheadCompiler: CompilerExecuting {
    var base: any CompilerExecuting
    /// Outcomes by cache key.
    var answers: [String: CompileOutcome]

    func compile(_ request: CompileRequest) throws -> CompileOutcome {
        guard var answer = answers[request.cacheKey] else { return try base.compile(request) }
        if let built = answer.executable {
            // Linked ahead: placed where the article's own compile would have put it.
            guard let path = request.executablePath else { return try base.compile(request) }
            let files = FileManager()
            try? files.removeItem(atPath: path)
            do {
                try files.linkItem(atPath: built, toPath: path)
            } catch {
                try files.copyItem(atPath: built, toPath: path)
            }
            answer.executable = path
        }
        return answer
    }
}
