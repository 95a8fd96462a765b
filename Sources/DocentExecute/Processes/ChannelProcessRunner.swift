import Foundation

/// Starts an article program with Docent's channel (`RuntimeContract.Channel`) and reads it while the program runs:
/// standard output, standard error and the records through pipes, the token and each boundary's acknowledgement
/// through a socket. Nothing the program can reopen, truncate or rewrite afterwards: what Docent read is what
/// `ProgramChannel` checked and measured as it arrived.
///
/// Foundation's `Process` closes every descriptor above 2 in the child, so the program is started here with
/// `posix_spawn` (its own process group, signals at their defaults), and held to the same limits as
/// `FoundationProcessRunner`'s runs (`RunWatch`, with that runner's settings), registered with its `ActiveWork`
/// and killed with everything it started. It is also stopped at once when a snippet prints more than the output
/// limit, or when the channel cannot be trusted.
struct ChannelProcessRunner {
    /// Bytes read at a time.
    static let chunk = 64 << 10
    /// Chunks of standard output read before a record: more than a pipe holds, however the program sized it.
    static let drainLimit = 64

    /// What one run did.
    struct Outcome {
        var process: ProcessOutcome
        var channel: ProgramChannel
    }

    /// The capture limit (of standard error), active work, stretch and wait credit runs share.
    var settings: FoundationProcessRunner

    func run(_ command: ProgramCommand, workingDirectory: String, timeLimit: Double?, fileLimit: Int?,
             outputLimit: Int) throws -> Outcome {
        var channel = ProgramChannel(token: ProgramChannel.makeToken(), outputLimit: outputLimit)
        let output = try Self.pipe(), errors = try Self.pipe(), records = try Self.pipe()
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        let acknowledgements = sockets[0], childSocket = try Self.high(sockets[1])
        let token = Array((channel.token + "\n").utf8)
        _ = send(acknowledgements, token, token.count, Int32(MSG_NOSIGNAL))

        let start = DispatchTime.now()
        let spawned = Self.spawn(command, workingDirectory: workingDirectory,
                                 descriptors: [output.write, errors.write, records.write, childSocket])
        [output.write, errors.write, records.write, childSocket].forEach { _ = close($0) }
        defer { close(acknowledgements) }
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let error):
            [output.read, errors.read, records.read].forEach { _ = close($0) }
            throw error
        }
        settings.activeWork?.started(processGroup: pid)
        defer { settings.activeWork?.finished(processGroup: pid) }

        var reader = ChannelReader(output: output.read, errors: errors.read, records: records.read,
                                   acknowledgements: acknowledgements, captureLimit: settings.captureLimit, pid: pid)
        let watch = RunWatch(timeLimit: timeLimit, maximumStretch: settings.maximumStretch, fileLimit: fileLimit,
                             waitCredit: settings.makeWaitCredit())
        let result = watch.watch(group: pid, start: start) { seconds in
            reader.pump(&channel, for: seconds)
        }
        ProcessTree.killAll(from: pid) // anything the program left running in the background
        reader.drain(&channel)
        reader.close()
        let duration = RunWatch.seconds(since: start)
        let termination: ProcessOutcome.Termination
        let status = reader.status
        if result.timedOut {
            termination = .timedOut
        } else if status & 0x7f == 0 {
            termination = .exited(status: (status >> 8) & 0xff)
        } else {
            termination = .signaled(status & 0x7f)
        }
        channel.finish(exitedNormally: termination == .exited(status: 0))
        var process = ProcessOutcome(termination: termination, standardError: String(decoding: reader.standardError, as: UTF8.self),
                                     duration: duration, queued: min(result.queued, duration))
        process.stoppedAtCeiling = result.ceiling
        process.stoppedAtFileLimit = result.tooManyFiles
        return Outcome(process: process, channel: channel)
    }

    /// A pipe whose ends are closed on `exec` and lie above the descriptors the child is given. (`pipe2` is not
    /// visible to Swift: `spawnLock` keeps this runner's other spawns from inheriting the ends meanwhile.)
    private static func pipe() throws -> (read: Int32, write: Int32) {
        try spawnLock.withLock {
            var ends: [Int32] = [-1, -1]
            guard Glibc.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return (try high(ends[0]), try high(ends[1]))
        }
    }

    /// Held while a descriptor is not yet closed on `exec` and while a program starts.
    private static let spawnLock = NSLock()

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29), which Swift's Glibc module does not declare.
    private static let addChdir = glibcFunction("posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module does not declare.
    private static let addCloseFrom = glibcFunction("posix_spawn_file_actions_addclosefrom_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

    /// The C function `name` of the libraries docent runs with, as `type`; `nil` where this glibc lacks it.
    private static func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    /// The first descriptor the child is not given: every one from here up is closed in the child, whatever
    /// docent holds open without `O_CLOEXEC` (a library's file, a folder), so nothing of docent's reaches the program.
    static let firstClosedDescriptor: Int32 = 5

    /// Closes, in the child, every descriptor from `firstClosedDescriptor` up: with glibc's `closefrom` action, or
    /// else one `close` action per descriptor this process has open now (held under `spawnLock`, so none opens
    /// meanwhile through this runner).
    private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom {
            _ = addCloseFrom(&actions, firstClosedDescriptor)
            return
        }
        let open = (try? FileManager().contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd >= firstClosedDescriptor {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }

    /// `fd` moved above the descriptors a child is given (0 to 4), closed on `exec`.
    private static func high(_ fd: Int32) throws -> Int32 {
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        close(fd)
        guard moved >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        return moved
    }

    /// Starts `command` in a process group of its own with `/dev/null` as standard input, `descriptors` as its
    /// descriptors 1, 2, 3 and 4, and no other.
    private static func spawn(_ command: ProgramCommand, workingDirectory: String, descriptors: [Int32]) -> Result<pid_t, Error> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, fd) in zip(Int32(1)..., descriptors) { posix_spawn_file_actions_adddup2(&actions, fd, target) }
        closeTheRest(&actions)
        guard let addChdir else { return .failure(POSIXError(.ENOSYS)) }
        _ = addChdir(&actions, workingDirectory)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        let environment = command.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let error = spawnLock.withLock { posix_spawn(&pid, command.executable, &actions, &attributes, arguments, environment) }
        guard error == 0 else {
            return .failure(CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: command.executable,
                                                                       NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO)]))
        }
        return .success(pid)
    }
}
