import DocentCore

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

        /// The outcome for the article, from the type-check's exit status and what it printed; `nil` when the
        /// article must compile the program itself.
        func answer(status: Int32, standardError: String) -> CompileOutcome? {
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
        /// with an error in the article's code.
        func store(_ outcome: CompileOutcome, in cache: ProgramCache?) {
            guard let cache, outcome.succeeded || outcome.messages.contains(where: { $0.path == articlePath }) else { return }
            cache.store(CachedProgram(compile: outcome, run: nil), key: key)
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
        if let answer = answers[request.cacheKey] { return answer }
        return try base.compile(request)
    }
}
