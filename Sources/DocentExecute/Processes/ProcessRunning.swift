/// Starts a program and waits for it, behind one interface so a sandbox (bubblewrap) can wrap it later.
///
/// ```swift
/// let outcome = try runner.run(executable: "/usr/bin/swiftc", arguments: ["--version"], environment: [:],
///                              workingDirectory: "/tmp", timeLimit: nil, stdoutFile: nil)
/// ```
public protocol ProcessRunning: Sendable {
    /// Runs `executable` with exactly `environment`; its standard input is empty. Standard output goes to
    /// `stdoutFile` when given, otherwise into the outcome.
    /// After `timeLimit` seconds of its own (wall-clock time less time spent waiting for a CPU) the program and
    /// everything it started are killed.
    func run(executable: String, arguments: [String], environment: [String: String], workingDirectory: String,
             timeLimit: Double?, stdoutFile: String?) throws -> ProcessOutcome

    /// The same, and when the program runs in a sandbox of its own, it is stopped once the in-memory folders of that
    /// sandbox hold more than `fileLimit` files and folders (`SandboxFileCount`).
    func run(executable: String, arguments: [String], environment: [String: String], workingDirectory: String,
             timeLimit: Double?, stdoutFile: String?, fileLimit: Int?) throws -> ProcessOutcome
}

extension ProcessRunning {
    /// Runners that cannot look into a sandbox (test doubles) run the program as the plain `run` does.
    public func run(executable: String, arguments: [String], environment: [String: String], workingDirectory: String,
                    timeLimit: Double?, stdoutFile: String?, fileLimit: Int?) throws -> ProcessOutcome {
        try run(executable: executable, arguments: arguments, environment: environment, workingDirectory: workingDirectory,
                timeLimit: timeLimit, stdoutFile: stdoutFile)
    }
}

/// How a program ended and what it wrote to standard error (and to standard output, unless that went to a file).
public struct ProcessOutcome: Sendable, Hashable {
    /// Why the program stopped.
    public enum Termination: Sendable, Hashable, Codable {
        case exited(status: Int32)
        case signaled(Int32)
        /// Killed at the time limit.
        case timedOut
    }

    public var termination: Termination
    public var standardOutput: String
    public var standardError: String
    /// Wall-clock seconds the program ran.
    public var duration: Double
    /// Of those, the seconds its threads were ready to run but waited for a CPU (0 where not measured).
    public var queued: Double
    /// When it was stopped at the wall-clock ceiling (the machine too busy to give it its own time), not at its own
    /// limit: the ceiling's seconds.
    public var stoppedAtCeiling: Double?
    /// When it was stopped for holding more files than its file limit: that limit.
    public var stoppedAtFileLimit: Int?

    public init(termination: Termination, standardOutput: String = "", standardError: String = "", duration: Double = 0,
                queued: Double = 0) {
        self.termination = termination
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.duration = duration
        self.queued = queued
    }

    /// Seconds the program had to itself: what counts against a time limit.
    public var ownDuration: Double { max(duration - queued, 0) }

    public var succeeded: Bool { termination == .exited(status: 0) }
}
