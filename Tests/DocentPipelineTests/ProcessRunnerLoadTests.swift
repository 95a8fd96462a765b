@testable import DocentPipeline
import Foundation
import Testing

/// The time limit measures the program, not the machine: time spent waiting for a CPU is given back, a program
/// that sleeps is still stopped on time.
@Suite(.serialized, .enabled(if: FileManager().fileExists(atPath: "/proc/self/task"), "needs Linux's /proc"))
struct ProcessRunnerLoadTests {
    /// A shell loop that uses `ticks` hundredths of a second of CPU (by its own `/proc` accounting), then exits.
    private static func burn(ticks: Int) -> String {
        "while :; do read -r l < /proc/$$/stat; set -- $l; [ $(( ${14} + ${15} )) -ge \(ticks) ] && exit 0; done"
    }

    /// Runs `script` where the hogs run: at the lowest priority on the first CPU, so it competes with them
    /// alone and the tests running beside this suite are not slowed.
    private func run(_ script: String, limit: Double, runner: FoundationProcessRunner = FoundationProcessRunner()) throws -> ProcessOutcome {
        try runner.run(executable: "/usr/bin/nice", arguments: Hogs.pinned + ["/bin/sh", "-c", script], environment: [:],
                       workingDirectory: "/tmp", timeLimit: limit, stdoutFile: nil)
    }

    @Test func aBusyMachineDoesNotMakeAProgramTimeOut() throws {
        let hogs = try Hogs(count: 3)
        defer { hogs.stop() }
        // At the lowest priority, the program also yields to anything else busy on the machine (other suites, a
        // developer's build); a high ceiling keeps that from ending it before it has had its own 1.5 s.
        var runner = FoundationProcessRunner()
        runner.maximumStretch = 40
        let outcome = try run(Self.burn(ticks: 60), limit: 1.5, runner: runner)
        #expect(outcome.termination == .exited(status: 0))
        #expect(outcome.duration > 1.5, "the load should stretch 0.6 s of work past the limit on the wall clock")
        #expect(outcome.queued > 0.5)
        #expect(outcome.ownDuration < 1.5)
    }

    @Test func aSleepingProgramIsStoppedOnTimeOnABusyMachine() throws {
        let hogs = try Hogs(count: 3)
        defer { hogs.stop() }
        // A ceiling far above the bound below: a runner that stretched the limit of a program that is not waiting
        // for a CPU would let it sleep 60 s; one that stops it on time does so within a second of its limit, and the
        // bound leaves a loaded machine nine more.
        var runner = FoundationProcessRunner()
        runner.maximumStretch = 60
        let outcome = try run("sleep 100", limit: 1, runner: runner)
        #expect(outcome.termination == .timedOut)
        #expect(outcome.duration >= 1)
        #expect(outcome.duration < 10)
    }

    @Test func endlessWorkIsStoppedAtTheLimitOfItsOwnTime() throws {
        // At the lowest priority, other suites compiling beside this one can leave the program almost no CPU: the
        // ceiling is set high enough that only its own limit can stop it.
        var runner = FoundationProcessRunner()
        runner.maximumStretch = 60
        let outcome = try run("while :; do :; done", limit: 0.5, runner: runner)
        #expect(outcome.termination == .timedOut)
        // Judged by the run's own account (wall time less the time it waited for a CPU), not by the wall clock of a
        // machine other suites share, with a generous allowance for stopping the program.
        #expect(outcome.ownDuration >= 0.5)
        #expect(outcome.ownDuration < 0.5 + 2)
    }

    @Test func theStretchHasACeiling() throws {
        let hogs = try Hogs(count: 6)
        defer { hogs.stop() }
        var runner = FoundationProcessRunner()
        runner.maximumStretch = 2
        let outcome = try run("while :; do :; done", limit: 0.5, runner: runner)
        #expect(outcome.termination == .timedOut)
        // Sharing its CPU with six hogs, the program gets about a seventh of it: the ceiling (1 s of wall clock)
        // stops it long before it has had its own 0.5 s. Without a ceiling it would run until it had.
        #expect(outcome.ownDuration < 0.5, "stopped by its own limit, not by the ceiling")
        #expect(outcome.duration >= 0.5 * 2)
        #expect(outcome.duration < 0.5 * 2 + 5)
    }

    @Test func runQueueDelayIsReadFromSchedstat() throws {
        let file = FileManager().temporaryDirectory.appendingPathComponent("schedstat-\(UUID().uuidString)")
        try "1418519 9394179 3\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager().removeItem(at: file) }
        #expect(RunQueueWait.delay(path: file.path) == 9_394_179)
        #expect(RunQueueWait.delay(path: "/nonexistent/schedstat") == nil)
    }
}

/// Busy loops that keep the first CPU loaded until stopped, at the lowest priority.
private struct Hogs {
    /// `nice` arguments that run a command at the lowest priority, on the first CPU only.
    static let pinned = ["-n", "19", "/usr/bin/taskset", "-c", "0"]
    private let processes: [Process]

    init(count: Int) throws {
        processes = try (0..<count).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
            process.arguments = Self.pinned + ["/bin/sh", "-c", "while :; do :; done"]
            try process.run()
            return process
        }
    }

    func stop() {
        for process in processes {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
