import Foundation

/// Runs article programs under bubblewrap: new user, PID, network, IPC, UTS and cgroup namespaces (no network, no
/// view of docent's processes), a read-only view of the system's programs and libraries only, an empty `/tmp`,
/// a read-only `/proc/sys`, and nothing of the project, the content, the cache or the user's home. The program runs
/// as uid and gid 65534 with every capability dropped and `no_new_privs` set; when docent is root, bubblewrap itself
/// is started as host uid 65534 by `setpriv` (see `HostUser`). The only writable place is the run's scratch
/// folder (records and output leave through inherited pipes, which bubblewrap passes on); the environment is
/// exactly the program's; a seccomp filter refuses the system calls
/// that could reach past the walls (`SeccompFilter`). It dies with docent.
///
/// ```swift
/// let folders = BubblewrapSandbox.systemFolders(runtimeLibraries: ["/opt/swift/usr/lib/swift/linux"])
/// let sandbox = BubblewrapSandbox(bwrap: "/usr/bin/bwrap", systemFolders: folders,
///                                 hostUser: BubblewrapSandbox.HostUser(setpriv: "/usr/bin/setpriv"))
/// let command = sandbox.wrap(ProgramCommand(executable: program, environment: variables),
///                            readOnly: [program], writable: [scratch], workingDirectory: scratch)
/// ```
public struct BubblewrapSandbox: Sendable, Hashable {
    /// The user and group id programs have inside the sandbox (`nobody`), whoever runs docent.
    public static let insideID: UInt32 = 65534

    /// The unprivileged host user bubblewrap is started as when docent runs as root, through util-linux's
    /// `setpriv` (no supplementary groups, empty inheritable and bounding capability sets, `no_new_privs`).
    ///
    /// Needed because bubblewrap run by real root maps the program's uid to host uid 0: even with no capabilities,
    /// files owned by root (`/proc/sys/kernel/core_pattern`) would still pass their permission checks.
    public struct HostUser: Sendable, Hashable {
        public var setpriv: String
        public var uid: UInt32
        public var gid: UInt32

        public init(setpriv: String, uid: UInt32 = BubblewrapSandbox.insideID, gid: UInt32 = BubblewrapSandbox.insideID) {
            self.setpriv = setpriv
            self.uid = uid
            self.gid = gid
        }

        /// `setpriv` starting `command` as this user, with no capabilities to keep or regain.
        func wrap(_ command: ProgramCommand) -> ProgramCommand {
            ProgramCommand(executable: setpriv,
                           arguments: ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--inh-caps=-all",
                                       "--bounding-set=-all", "--no-new-privs", "--", command.executable] + command.arguments,
                           environment: command.environment)
        }
    }

    public var bwrap: String
    /// Folders mounted read-only at the same place (the system's and the Swift toolchain's libraries).
    public var systemFolders: [String]
    /// Who starts bubblewrap when docent runs as root; `nil` when docent is not root (or has no `setpriv`).
    public var hostUser: HostUser?
    /// The compiled seccomp filter (`SeccompFilter.install`) bubblewrap loads for what it starts; `nil` for none.
    public var seccompFilter: String?

    /// The host user what it starts runs as: `hostUser`'s when docent is root, else docent's own.
    var hostUID: uid_t { hostUser?.uid ?? geteuid() }

    /// The file descriptor the filter is handed to bubblewrap on.
    static let seccompDescriptor = 9

    public init(bwrap: String, systemFolders: [String], hostUser: HostUser? = nil, seccompFilter: String? = nil) {
        self.bwrap = bwrap
        self.systemFolders = systemFolders
        self.hostUser = hostUser
        self.seccompFilter = seccompFilter
    }

    /// `/usr`, `/lib*`, `/bin`, `/sbin` where they exist, and the folders the toolchain's programs load the Swift
    /// runtime from when they are elsewhere (`swiftc -print-target-info`'s runtime library paths).
    public static func systemFolders(runtimeLibraries: [String],
                                     fileExists: (String) -> Bool = { FileManager().fileExists(atPath: $0) }) -> [String] {
        var folders = ["/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin"].filter(fileExists)
        for library in runtimeLibraries where fileExists(library) {
            let resolved = URL(fileURLWithPath: library).resolvingSymlinksInPath().path
            if !folders.contains(where: { resolved == $0 || resolved.hasPrefix($0 + "/") }) { folders.append(resolved) }
        }
        return folders
    }

    /// `command` inside the sandbox: `readOnly` and `writable` paths mounted where they are on the host, each
    /// `mounted` host folder writable at its destination, each `mountedReadOnly` one read-only at its destination, each `memoryFolders` path an empty in-memory folder of at
    /// most that many bytes, and a `/tmp` and `/dev/shm` of `temporarySize` bytes each (half the machine's memory
    /// when `nil`). Only `network` (resolving a package's dependencies) keeps the host's network.
    public func wrap(_ command: ProgramCommand, readOnly: [String], writable: [String],
                     mounted: [(source: String, destination: String)] = [],
                     mountedReadOnly: [(source: String, destination: String)] = [], memoryFolders: [(path: String, bytes: Int)] = [],
                     workingDirectory: String, temporarySize: Int? = nil, network: Bool = false) -> ProgramCommand {
        let id = String(Self.insideID)
        var arguments = ["--die-with-parent", "--new-session", "--unshare-all"] + (network ? ["--share-net"] : [])
            + ["--unshare-user", "--uid", id, "--gid", id,
                         "--cap-drop", "ALL", "--hostname", "docent",
                         "--proc", "/proc", "--ro-bind", "/proc/sys", "/proc/sys", "--dev", "/dev"]
        for path in ["/tmp", "/dev/shm"] {
            if let temporarySize { arguments += ["--size", String(temporarySize)] }
            arguments += ["--tmpfs", path]
        }
        // `/dev` is a tmpfs of its own with no size: nothing but its devices may be written there.
        arguments += ["--remount-ro", "/dev"]
        for (path, bytes) in memoryFolders { arguments += ["--size", String(bytes), "--tmpfs", path] }
        for folder in systemFolders { arguments += ["--ro-bind", folder, folder] }
        for path in writable { arguments += ["--bind", path, path] }
        for path in readOnly { arguments += ["--ro-bind", path, path] }
        for (source, destination) in mounted { arguments += ["--bind", source, destination] }
        for (source, destination) in mountedReadOnly { arguments += ["--ro-bind", source, destination] }
        // The root bubblewrap builds the rest on is an unsized tmpfs: made read-only once every mount point is in it.
        arguments += ["--remount-ro", "/", "--chdir", workingDirectory, "--clearenv"]
        for (name, value) in command.environment.sorted(by: { $0.key < $1.key }) { arguments += ["--setenv", name, value] }
        if seccompFilter != nil { arguments += ["--seccomp", String(Self.seccompDescriptor)] }
        arguments += ["--", command.executable] + command.arguments
        let sandboxed = ProgramCommand(executable: bwrap, arguments: arguments, environment: [:])
        let started = hostUser?.wrap(sandboxed) ?? sandboxed
        guard let seccompFilter else { return started }
        // A shell opens the filter on the descriptor bubblewrap reads it from, then becomes the command.
        return ProgramCommand(executable: "/bin/sh",
                              arguments: ["-c", "exec \"$@\" \(Self.seccompDescriptor)<\"$0\"", seccompFilter,
                                          started.executable] + started.arguments,
                              environment: [:])
    }

    /// How the program inside ended: bubblewrap exits with 128 + N when what it ran was killed by signal N.
    static func innerTermination(_ termination: ProcessOutcome.Termination) -> ProcessOutcome.Termination {
        guard case .exited(let status) = termination, status > 128, status < 128 + 65 else { return termination }
        return .signaled(status - 128)
    }

    /// Whether bubblewrap can start here (user namespaces may be forbidden): runs `true` inside it once, started
    /// exactly as programs are (as the host user too, when there is one).
    public func works(processRunner: any ProcessRunning, temporaryDirectory: String) -> Bool {
        let command = wrap(ProgramCommand(executable: "/bin/true"), readOnly: [], writable: [], workingDirectory: "/")
        let outcome = try? processRunner.run(executable: command.executable, arguments: command.arguments, environment: [:],
                                             workingDirectory: temporaryDirectory, timeLimit: 30, stdoutFile: nil)
        return outcome?.succeeded == true
    }

    /// The same probe, started with `posix_spawn` as article programs are (`ChannelProcessRunner`, under `settings`'
    /// limits), not with Foundation's `Process`, which adds one action per descriptor up to the descriptor limit
    /// (at a limit of 20,000, 312 M instructions: an eighth of a warm build).
    func works(startedWith settings: FoundationProcessRunner, temporaryDirectory: String) -> Bool {
        var command = wrap(ProgramCommand(executable: "/bin/true"), readOnly: [], writable: [], workingDirectory: "/")
        command.environment = [:]
        let outcome = try? ChannelProcessRunner(settings: settings).run(command, workingDirectory: temporaryDirectory, timeLimit: 30,
                                                                        fileLimit: nil, outputLimit: 1 << 16)
        return outcome?.process.succeeded == true
    }
}
