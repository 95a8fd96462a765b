/// A command line about to be started: what a sandbox and resource limits wrap, layer by layer.
public struct ProgramCommand: Sendable, Hashable {
    public var executable: String
    public var arguments: [String]
    public var environment: [String: String]

    public init(executable: String, arguments: [String] = [], environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }
}

/// The resources one run of an article program may use.
public struct ProgramLimits: Sendable, Hashable, Codable {
    /// Bytes of address space.
    public var memory: Int
    /// Seconds of CPU time.
    public var cpuSeconds: Int
    /// Bytes any one file it writes may hold.
    public var fileSize: Int
    /// Processes and threads its user may have in all (`RLIMIT_NPROC`, which counts every task of that user on
    /// the machine); `nil` for no limit. See ``TaskCount``.
    public var tasks: Int?

    public init(memory: Int, cpuSeconds: Int, fileSize: Int, tasks: Int? = nil) {
        self.memory = memory
        self.cpuSeconds = cpuSeconds
        self.fileSize = fileSize
        self.tasks = tasks
    }

    /// `prlimit` (util-linux) around `command`: the limits hold for it and everything it starts.
    func wrap(_ command: ProgramCommand, prlimit: String) -> ProgramCommand {
        var limits = ["--as=\(memory)", "--cpu=\(cpuSeconds)", "--fsize=\(fileSize)", "--core=0"]
        if let tasks { limits.append("--nproc=\(tasks)") }
        return ProgramCommand(executable: prlimit, arguments: limits + ["--", command.executable] + command.arguments,
                              environment: command.environment)
    }
}
