import Foundation

/// Runs article programs on this machine through a `ProcessRunning`: inside a bubblewrap sandbox when it has one,
/// and under resource limits (`prlimit`) when it has that.
///
/// Each run gets a scratch folder of its own as its home, working folder and only writable place — in the sandbox an
/// in-memory folder sized from the memory limit, as its `/tmp` and `/dev/shm` are. When the sandbox starts programs
/// as an unprivileged host user (docent is root), the executable is made readable to that user. Its standard output
/// and its records reach Docent through pipes read while it runs (`ChannelProcessRunner`, `ProgramChannel`): no
/// file the program could rewrite, and nothing in its environment but that the channel is there.
public struct LocalProgramExecutor: ProgramExecuting {
    /// The environment variable telling the runtime it has Docent's channel (PlaygroundRuntime reads it).
    static let channelVariable = RuntimeContract.Variable.channel

    /// Bytes the in-memory scratch folder may hold when a run has no limits.
    static let unlimitedFolderSize = 1 << 30

    /// Bytes of a run's memory limit that allow it one file or folder in its in-memory folders.
    static let bytesPerFile = 64 << 10

    /// How many files and folders a sandboxed run's in-memory folders may hold: one per `bytesPerFile` of its memory
    /// limit (32,768 for the default 2 GiB), at least 1,024. Each costs the kernel memory that no size limit counts.
    static func fileLimit(memory: Int) -> Int {
        max(1024, memory / bytesPerFile)
    }

    private let processRunner: ChannelProcessRunner
    private let sandbox: BubblewrapSandbox?
    private let prlimit: String?
    /// Folders programs may read in the sandbox besides the system's (the documented package's libraries).
    private var readOnlyFolders: [String] = []

    /// Programs start with `processRunner`'s settings (its active work, stretch and capture limit) when it is a
    /// `FoundationProcessRunner`, with the defaults otherwise.
    public init(processRunner: any ProcessRunning = FoundationProcessRunner(), sandbox: BubblewrapSandbox? = nil,
                prlimit: String? = nil) {
        self.processRunner = ChannelProcessRunner(settings: processRunner as? FoundationProcessRunner ?? FoundationProcessRunner())
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
        let scratch = "\(request.directory)/\(name).scratch"
        try FileManager().createDirectory(atPath: scratch, withIntermediateDirectories: true)
        if let user = sandbox?.hostUser {
            try handOver(executable: request.executable, directory: request.directory, to: user)
        }
        var environment = request.environment
        environment[Self.channelVariable] = "1"
        environment["HOME"] = scratch
        environment["TMPDIR"] = scratch
        var command = ProgramCommand(executable: request.executable, arguments: request.arguments, environment: environment)
        var fileLimit: Int?
        if let sandbox {
            // The scratch folder is memory inside the sandbox, not the host's disk: what the program writes there,
            // in `/tmp` and in `/dev/shm` is bounded by its memory limit (half of it, a quarter, a quarter).
            let memory = request.limits?.memory ?? Self.unlimitedFolderSize
            command = sandbox.wrap(command, readOnly: [request.executable] + readOnlyFolders, writable: [],
                                   memoryFolders: [(scratch, memory / 2)], workingDirectory: scratch,
                                   temporarySize: memory / 4)
            fileLimit = Self.fileLimit(memory: memory)
        }
        if let prlimit, var limits = request.limits {
            // Counted for the host user the program runs as: `nobody` when docent is root, else docent's own.
            limits.tasks = TaskCount.limit(forUser: sandbox?.hostUID ?? geteuid())
            command = limits.wrap(command, prlimit: prlimit)
        }
        let outcome = try processRunner.run(command, workingDirectory: scratch, timeLimit: request.timeLimit,
                                            fileLimit: fileLimit, outputLimit: request.outputLimit)
        var program = ProgramOutcome(termination: termination(outcome.process.termination),
                                     output: Data(outcome.channel.output), records: outcome.channel.records,
                                     standardError: outcome.process.standardError, duration: outcome.process.ownDuration)
        program.stoppedAtCeiling = outcome.process.stoppedAtCeiling
        program.stoppedAtFileLimit = outcome.process.stoppedAtFileLimit
        program.channelFault = outcome.channel.fault
        return program
    }

    /// Makes the run's executable usable by the host user bubblewrap starts as: it may read and run it and pass
    /// through the folder holding it (nothing more). Its scratch folder is memory inside the sandbox, so the host's
    /// is not handed over.
    private func handOver(executable: String, directory: String, to user: BubblewrapSandbox.HostUser) throws {
        try HandOver.allow(0o005, on: executable)
        try HandOver.allow(0o001, on: directory)
    }

    private func termination(_ termination: ProcessOutcome.Termination) -> ProcessOutcome.Termination {
        sandbox == nil ? termination : BubblewrapSandbox.innerTermination(termination)
    }
}
