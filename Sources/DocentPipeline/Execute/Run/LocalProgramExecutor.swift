import Foundation

/// Runs article programs on this machine through a `ProcessRunning`: inside a bubblewrap sandbox when it has one,
/// and under resource limits (`prlimit`) when it has that.
///
/// Each run gets a scratch folder of its own as its home, working folder and only writable place (with its results
/// file) — in the sandbox an in-memory folder sized from the memory limit, as its `/tmp` and `/dev/shm` are. When
/// the sandbox starts programs as an unprivileged host user (docent is root), the results file is handed to that
/// user and the executable made readable to it. Its standard output goes to a file (so the runtime can measure it
/// at snippet boundaries), its records to another; both are read back into the outcome.
public struct LocalProgramExecutor: ProgramExecuting {
    /// The environment variable naming the runtime's results file (PlaygroundRuntime reads it).
    static let resultsVariable = RuntimeContract.Variable.results

    /// Bytes the in-memory scratch folder may hold when a run has no limits.
    static let unlimitedFolderSize = 1 << 30

    /// Bytes of a run's memory limit that allow it one file or folder in its in-memory folders.
    static let bytesPerFile = 64 << 10

    /// How many files and folders a sandboxed run's in-memory folders may hold: one per `bytesPerFile` of its memory
    /// limit (32,768 for the default 2 GiB), at least 1,024. Each costs the kernel memory that no size limit counts.
    static func fileLimit(memory: Int) -> Int {
        max(1024, memory / bytesPerFile)
    }

    private let processRunner: any ProcessRunning
    private let sandbox: BubblewrapSandbox?
    private let prlimit: String?
    /// Folders programs may read in the sandbox besides the system's (the documented package's libraries).
    private var readOnlyFolders: [String] = []

    public init(processRunner: any ProcessRunning = FoundationProcessRunner(), sandbox: BubblewrapSandbox? = nil,
                prlimit: String? = nil) {
        self.processRunner = processRunner
        self.sandbox = sandbox
        self.prlimit = prlimit
    }

    /// The same executor, its programs also reading `folders` (read-only) in the sandbox.
    func reading(_ folders: [String]) -> LocalProgramExecutor {
        var executor = self
        executor.readOnlyFolders += folders
        return executor
    }

    public func run(_ request: RunRequest) throws -> ProgramOutcome {
        let name = URL(fileURLWithPath: request.executable).lastPathComponent
        let resultsFile = "\(request.directory)/\(name).results"
        let outputFile = "\(request.directory)/\(name).stdout"
        let scratch = "\(request.directory)/\(name).scratch"
        let files = FileManager()
        try files.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        guard files.createFile(atPath: resultsFile, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: resultsFile])
        }
        if let user = sandbox?.hostUser {
            try handOver(results: resultsFile, executable: request.executable,
                         directory: request.directory, to: user)
        }
        var environment = request.environment
        environment[Self.resultsVariable] = resultsFile
        environment["HOME"] = scratch
        environment["TMPDIR"] = scratch
        var command = ProgramCommand(executable: request.executable, environment: environment)
        var fileLimit: Int?
        if let sandbox {
            // The scratch folder is memory inside the sandbox, not the host's disk: what the program writes there,
            // in `/tmp` and in `/dev/shm` is bounded by its memory limit (half of it, a quarter, a quarter).
            let memory = request.limits?.memory ?? Self.unlimitedFolderSize
            command = sandbox.wrap(command, readOnly: [request.executable] + readOnlyFolders, writable: [resultsFile],
                                   memoryFolders: [(scratch, memory / 2)], workingDirectory: scratch,
                                   temporarySize: memory / 4)
            fileLimit = Self.fileLimit(memory: memory)
        }
        if let prlimit, var limits = request.limits {
            // Counted for the host user the program runs as: `nobody` when docent is root, else docent's own.
            limits.tasks = TaskCount.limit(forUser: sandbox?.hostUID ?? geteuid())
            command = limits.wrap(command, prlimit: prlimit)
        }
        let outcome = try processRunner.run(executable: command.executable, arguments: command.arguments,
                                            environment: command.environment, workingDirectory: scratch,
                                            timeLimit: request.timeLimit, stdoutFile: outputFile, fileLimit: fileLimit)
        let records = (try? String(contentsOfFile: resultsFile, encoding: .utf8)) ?? ""
        let output = (try? Data(contentsOf: URL(fileURLWithPath: outputFile))) ?? Data()
        var program = ProgramOutcome(termination: termination(outcome.termination), output: output, records: records,
                                     standardError: outcome.standardError, duration: outcome.ownDuration)
        program.stoppedAtCeiling = outcome.stoppedAtCeiling
        program.stoppedAtFileLimit = outcome.stoppedAtFileLimit
        return program
    }

    /// Makes the run's files usable by the host user bubblewrap starts as: it owns the results file, and may read
    /// and run the executable and pass through the folder holding them (nothing more). Its scratch folder is memory
    /// inside the sandbox, so the host's is not handed over.
    private func handOver(results: String, executable: String, directory: String,
                          to user: BubblewrapSandbox.HostUser) throws {
        try HandOver.give(results, to: user)
        try HandOver.allow(0o005, on: executable)
        try HandOver.allow(0o001, on: directory)
    }

    private func termination(_ termination: ProcessOutcome.Termination) -> ProcessOutcome.Termination {
        sandbox == nil ? termination : BubblewrapSandbox.innerTermination(termination)
    }
}
