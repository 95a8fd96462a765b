import DocentCore
import Foundation

/// Runs programs with Foundation's `Process`; on time-out it kills the program's whole process group.
///
/// The time limit counts the seconds the program could use a CPU: time it spent ready but waiting for a CPU that
/// others held (other articles compiling, a busy CI machine) is added back to the deadline, so a limit does not
/// become flaky under load — but not time its threads waited for each other (`RunQueueWait`). A program that
/// sleeps or blocks is not waiting for a CPU and is stopped on time; past `maximumStretch` times the limit it is
/// stopped however loaded the machine is, and its outcome says so (`stoppedAtCeiling`). Given a file limit, a
/// program in a sandbox of its own is stopped, at the same checks, once its in-memory folders hold more files.
/// `RunWatch` does the watching; article programs, which inherit Docent's channel, start through
/// `ChannelProcessRunner` with these settings.
public struct FoundationProcessRunner: ProcessRunning {
    /// Bytes of standard error (and captured standard output) kept.
    public var captureLimit: Int
    /// Where running processes are registered, so an interruption can stop them.
    public var activeWork: ActiveWork?

    /// The most wall-clock time a program may take, as a multiple of its limit, however long it waited for a CPU.
    public var maximumStretch: Double

    /// Makes, for each run, what tells the seconds of waiting given back so far (given the program's process tree,
    /// its group leader first, and the seconds since it started): by default the kernel's account (`RunQueueWait`);
    /// tests replace it.
    var makeWaitCredit: @Sendable () -> ([pid_t], Double) -> Double = {
        var waits = RunQueueWait()
        return { tree, elapsed in waits.sample(tree: tree, elapsed: elapsed) }
    }

    public init(captureLimit: Int = 1 << 20, activeWork: ActiveWork? = nil, maximumStretch: Double = 10) {
        self.captureLimit = captureLimit
        self.activeWork = activeWork
        self.maximumStretch = maximumStretch
    }

    public func run(executable: String, arguments: [String], environment: [String: String], workingDirectory: String,
                    timeLimit: Double?, stdoutFile: String?) throws -> ProcessOutcome {
        try run(executable: executable, arguments: arguments, environment: environment, workingDirectory: workingDirectory,
                timeLimit: timeLimit, stdoutFile: stdoutFile, fileLimit: nil)
    }

    public func run(executable: String, arguments: [String], environment: [String: String], workingDirectory: String,
                    timeLimit: Double?, stdoutFile: String?, fileLimit: Int?) throws -> ProcessOutcome {
        let files = FileManager()
        let scratch = files.temporaryDirectory.appendingPathComponent("\(ScratchFolders.processPrefix)\(UUID().uuidString)")
        try files.createDirectory(at: scratch, withIntermediateDirectories: true)
        LeftoverFolders.claim(scratch.path) // so a later build removes it if docent is killed now
        defer { try? files.removeItem(at: scratch) }
        let stdoutPath = stdoutFile ?? scratch.appendingPathComponent("stdout").path
        let stderrPath = scratch.appendingPathComponent("stderr").path
        guard files.createFile(atPath: stdoutPath, contents: nil), files.createFile(atPath: stderrPath, contents: nil),
              let output = FileHandle(forWritingAtPath: stdoutPath), let errors = FileHandle(forWritingAtPath: stderrPath)
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: stdoutPath]) }
        defer { try? output.close(); try? errors.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }

        let start = DispatchTime.now()
        try process.run()
        // Foundation starts the child in a process group of its own, so `-pid` names it and its children.
        let group = process.processIdentifier
        activeWork?.started(processGroup: group)
        defer { activeWork?.finished(processGroup: group) }
        let watch = RunWatch(timeLimit: timeLimit, maximumStretch: maximumStretch, fileLimit: fileLimit,
                             waitCredit: makeWaitCredit())
        let result = watch.watch(group: group, start: start) { seconds in
            guard let seconds else {
                finished.wait()
                return true
            }
            return finished.wait(timeout: .now() + .nanoseconds(Int(seconds * 1e9))) == .success
        }
        ProcessTree.killAll(from: group) // anything the program left running in the background
        let duration = RunWatch.seconds(since: start)

        let termination: ProcessOutcome.Termination
        if result.timedOut {
            termination = .timedOut
        } else if process.terminationReason == .uncaughtSignal {
            termination = .signaled(process.terminationStatus)
        } else {
            termination = .exited(status: process.terminationStatus)
        }
        var outcome = ProcessOutcome(termination: termination,
                                     standardOutput: stdoutFile == nil ? read(stdoutPath) : "",
                                     standardError: read(stderrPath), duration: duration,
                                     queued: min(result.queued, duration))
        outcome.stoppedAtCeiling = result.ceiling
        outcome.stoppedAtFileLimit = result.tooManyFiles
        return outcome
    }

    private func read(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: captureLimit)) ?? nil
        return String(decoding: data ?? Data(), as: UTF8.self)
    }
}
