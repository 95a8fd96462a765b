import DocentCore

/// Compiles one planned program. A cache can wrap it (the outcome depends only on the request's program and
/// the toolchain the executor was made with); tests replace it with canned outcomes.
///
/// ```swift
/// let outcome = try compiler.compile(CompileRequest(program: plan.programs[0], directory: workDirectory))
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
    public var directory: String
    public var timeLimit: Double

    public init(program: ProgramPlan, directory: String, timeLimit: Double = ExecutionSettings().compileTimeLimit) {
        self.program = program
        self.directory = directory
        self.timeLimit = timeLimit
    }
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

    public init(succeeded: Bool, messages: [CompilerOutput.Message] = [], standardError: String = "", executable: String? = nil,
                timedOutAfter: Double? = nil) {
        self.succeeded = succeeded
        self.messages = messages
        self.standardError = standardError
        self.executable = executable
        self.timedOutAfter = timedOutAfter
    }
}
