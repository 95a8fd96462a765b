import DocentCore

/// Compiles one planned program. `CachingCompiler` wraps it (the outcome depends only on what the request's
/// `cacheKey` hashes); tests replace it with canned outcomes.
///
/// ```swift
/// let request = CompileRequest(program: plan.programs[0], context: plan.context, articlePath: plan.articlePath,
///                              directory: workDirectory)
/// let outcome = try compiler.compile(request)
/// if !outcome.succeeded { print(outcome.messages) }       // errors at program lines (see ProgramLines)
/// ```
public protocol CompilerExecuting: Sendable {
    /// Compiles the program (to `directory/<name>` when it runs, type-checks it otherwise). Errors in the
    /// program are in the outcome; it throws only when the compiler cannot be used at all.
    func compile(_ request: CompileRequest) throws -> CompileOutcome
}

/// A program to compile, the folder to compile it in, and how long the compile may take.
public struct CompileRequest: Sendable, Hashable, Codable {
    public var program: ProgramPlan
    /// The key of the program's cached outcome: a hash of the program and everything it is built and run with.
    public var cacheKey: String
    /// The article the program comes from, for messages and `--emit-programs`.
    public var articlePath: String
    public var directory: String
    public var timeLimit: Double
    /// Bytes of address space the compiler, and each tool it starts, may use.
    public var memoryLimit: Int

    public init(program: ProgramPlan, context: PlanContext, articlePath: String, directory: String) {
        self.program = program
        self.cacheKey = context.cacheKey(for: program)
        self.articlePath = articlePath
        self.directory = directory
        self.timeLimit = context.settings.compileTimeLimit
        self.memoryLimit = context.settings.compileMemoryLimit
    }

    /// Where the executable of a program that runs is written.
    public var executablePath: String? { program.runs ? "\(directory)/\(program.name)" : nil }
}

/// What the compiler said about one program.
public struct CompileOutcome: Sendable, Hashable, Codable {
    public var succeeded: Bool
    /// Its errors, each with the notes that follow it, at program lines.
    public var messages: [CompilerOutput.Message]
    /// Everything it printed, for failures it gave no located error for.
    public var standardError: String
    /// The program to run, when it was linked.
    public var executable: String?
    /// The compile-time limit it ran out of, when it did.
    public var timedOutAfter: Double?
    /// When `executable` is a merged one: the program in it to run (``MergedProgram/variable``).
    public var mergedEntry: String?

    public init(succeeded: Bool, messages: [CompilerOutput.Message] = [], standardError: String = "", executable: String? = nil,
                timedOutAfter: Double? = nil, mergedEntry: String? = nil) {
        self.succeeded = succeeded
        self.messages = messages
        self.standardError = standardError
        self.executable = executable
        self.timedOutAfter = timedOutAfter
        self.mergedEntry = mergedEntry
    }
}
