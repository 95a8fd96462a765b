import Foundation

/// Runs one compiled article program and collects what it did. `CachingProgramExecutor` wraps it.
///
/// ```swift
/// let outcome = try executor.run(RunRequest(executable: path, cacheKey: key, directory: work, environment: variables,
///                                           timeLimit: 10))
/// let records = RuntimeRecords(parsing: outcome.records)
/// ```
public protocol ProgramExecuting: Sendable {
    /// Runs the program; throws only when it cannot be started.
    func run(_ request: RunRequest) throws -> ProgramOutcome
}

/// A program to run: the executable, the folder it may use, its whole environment, its time limit
/// and the other resources it may use.
public struct RunRequest: Sendable, Hashable, Codable {
    public var executable: String
    /// The key of the program's cached outcome (`CompileRequest.cacheKey`).
    public var cacheKey: String
    public var directory: String
    public var environment: [String: String]
    public var timeLimit: Double
    public var limits: ProgramLimits?
    /// The most bytes one snippet may print: past it the program is stopped and its output cut there.
    public var outputLimit: Int
    /// The program's command-line arguments (an entry point's `args="…"`).
    public var arguments: [String] = []

    public init(executable: String, cacheKey: String, directory: String, environment: [String: String], timeLimit: Double,
                limits: ProgramLimits? = nil, outputLimit: Int = Int.max, arguments: [String] = []) {
        self.outputLimit = outputLimit
        self.arguments = arguments
        self.executable = executable
        self.cacheKey = cacheKey
        self.directory = directory
        self.environment = environment
        self.timeLimit = timeLimit
        self.limits = limits
    }
}

/// What one run of an article program did.
public struct ProgramOutcome: Sendable, Hashable, Codable {
    public var termination: ProcessOutcome.Termination
    /// Its standard output, byte for byte.
    public var output: Data
    /// The playground runtime's records as Docent checked them (JSON lines; see `ProgramChannel`).
    public var records: String
    public var standardError: String
    /// Seconds it ran, less time it waited for a CPU (what counts against the article's time limit).
    public var duration: Double
    /// When it was stopped at the wall-clock ceiling rather than at its own limit: the ceiling's seconds.
    public var stoppedAtCeiling: Double?
    /// When it was stopped for holding more files than its file limit: that limit.
    public var stoppedAtFileLimit: Int?
    /// When its records cannot be trusted (the program wrote to, closed or replaced Docent's channel): what was wrong.
    public var channelFault: String?

    public init(termination: ProcessOutcome.Termination, output: Data = Data(), records: String = "",
                standardError: String = "", duration: Double = 0) {
        self.termination = termination
        self.output = output
        self.records = records
        self.standardError = standardError
        self.duration = duration
    }
}
