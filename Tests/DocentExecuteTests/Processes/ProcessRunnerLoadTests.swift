@testable import DocentExecute
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

    /// Runs `script` where the hogs run: at a low priority on the first CPU, so it competes with them on equal terms
    /// and the tests running beside this suite are little slowed (a busier machine only stretches it further).
    private func run(_ script: String, limit: Double, runner: FoundationProcessRunner = FoundationProcessRunner()) throws -> ProcessOutcome {
        try runner.run(executable: "/usr/bin/nice", arguments: Hogs.pinned + ["/bin/sh", "-c", script], environment: [:],
                       workingDirectory: "/tmp", timeLimit: limit, stdoutFile: nil)
    }

    @Test func aBusyMachineDoesNotMakeAProgramTimeOut() throws {
        let hogs = try Hogs(count: 5)
        defer { hogs.stop() }
        // At a low priority, the program also yields to anything else busy on the machine (other suites, a
        // developer's build, `stress`); a high ceiling keeps that from ending it before it has had its own 3 s, and
        // the limit leaves room for the kernel reporting waits late on a loaded machine (about a second measured
        // beside `stress --cpu 2` and two builds).
        var runner = FoundationProcessRunner()
        runner.maximumStretch = 40
        let outcome = try run(Self.burn(ticks: 60), limit: 3, runner: runner)
        #expect(outcome.termination == .exited(status: 0), "\(outcome.duration) s, \(outcome.queued) s credited")
        #expect(outcome.duration > 3, "sharing its CPU with five hogs, 0.6 s of work takes longer than the limit")
        #expect(outcome.queued > 0.5)
        #expect(outcome.ownDuration < 3)
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
        #expect(outcome.stoppedAtCeiling == nil)
    }

    @Test func theStretchHasACeiling() throws {
        // Every second credited as waiting: only the ceiling (twice the limit, 1 s of wall clock) can stop it.
        var runner = FoundationProcessRunner()
        runner.maximumStretch = 2
        runner.makeWaitCredit = { { _, elapsed in elapsed } }
        let outcome = try runner.run(executable: "/bin/sh", arguments: ["-c", "while :; do :; done"], environment: [:],
                                     workingDirectory: "/tmp", timeLimit: 0.5, stdoutFile: nil)
        #expect(outcome.termination == .timedOut)
        #expect(outcome.stoppedAtCeiling == 1, "the report must name the ceiling, not the program's own limit")
        #expect(outcome.duration >= 0.5 * 2)
        #expect(outcome.duration < 0.5 * 2 + 5)
    }

    @Test func busyThreadsWaitingForEachOtherGetNoTimeBack() throws {
        // Eight busy loops on this machine's CPUs wait mostly for each other: none of it is given back, so the run
        // stops at its own limit, far below the ceiling (which a credit for all their waiting would reach).
        var runner = FoundationProcessRunner()
        runner.maximumStretch = 20
        let loops = Array(repeating: "(while :; do :; done) &", count: 8).joined(separator: " ") + " wait"
        let outcome = try runner.run(executable: "/bin/sh", arguments: ["-c", loops], environment: [:],
                                     workingDirectory: "/tmp", timeLimit: 1, stdoutFile: nil)
        #expect(outcome.termination == .timedOut)
        #expect(outcome.duration < 1 + 3, "credited \(outcome.queued) s for its own threads' waiting")
    }

    @Test func processesTooShortLivedToBeSeenStillCountAsTheProgramRunning() throws {
        // One busy loop, and six more loops each starting one short-lived busy process after another: the long loop
        // waits mostly for the program's own processes, most of which live and die between two samples. Counted
        // through the CPU time their parents reaped, they leave nothing to give back; unseen, about half of each
        // interval would be credited and the 1 s limit stretched about twofold.
        var runner = FoundationProcessRunner()
        runner.maximumStretch = 20
        let shortLived = "(while :; do /bin/sh -c '\(Self.burn(ticks: 2))'; done) &"
        let script = "(while :; do :; done) & " + Array(repeating: shortLived, count: 6).joined(separator: " ") + " wait"
        let outcome = try runner.run(executable: "/bin/sh", arguments: ["-c", script], environment: [:],
                                     workingDirectory: "/tmp", timeLimit: 1, stdoutFile: nil)
        #expect(outcome.termination == .timedOut)
        #expect(outcome.queued < 0.4, "credited \(outcome.queued) s for its own processes' waiting")
    }

    @Test func aProgramThatEndedWhileDocentWasNotLookingEndedInTime() throws {
        // Docent stopped (SIGSTOP, a suspended laptop) for 4 s while a 1 s program with a 2 s limit ran: when it
        // looks again the limit has passed on the wall clock, but the program had already ended, in time.
        var runner = FoundationProcessRunner()
        runner.makeWaitCredit = {
            var first = true
            return { _, _ in
                if first { first = false; Thread.sleep(forTimeInterval: 4) }
                return 0
            }
        }
        let outcome = try runner.run(executable: "/bin/sh", arguments: ["-c", "sleep 1; echo done"], environment: [:],
                                     workingDirectory: "/tmp", timeLimit: 2, stdoutFile: nil)
        #expect(outcome.termination == .exited(status: 0))
        #expect(outcome.standardOutput == "done\n")
    }

    @Test("an interval gives back the waiting others caused, never the tree's own", arguments: [
        (1.0, 0.25, 0.75, 0.75),   // one thread, three others on its CPU: its waiting
        (1.0, 2.0, 6.0, 0.0),      // eight busy threads on two CPUs: nothing
        (1.0, 1.0, 0.5, 0.0),      // a whole CPU's worth of running: nothing
        (1.0, 0.5, 2.0, 0.5),      // more waiting than the interval left: at most what it did not run
        (1.0, 0.0, 0.0, 0.0),      // asleep: nothing
    ])
    func creditOfAnInterval(interval: Double, ran: Double, waited: Double, credit: Double) {
        #expect(RunQueueWait.credit(interval: interval, ran: ran, waited: waited) == credit)
    }

    @Test func runQueueDelayIsReadFromSchedstat() throws {
        let file = FileManager().temporaryDirectory.appendingPathComponent("schedstat-\(UUID().uuidString)")
        try "1418519 9394179 3\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager().removeItem(at: file) }
        #expect(RunQueueWait.delay(path: file.path) == 9_394_179)
        #expect(RunQueueWait.delay(path: "/nonexistent/schedstat") == nil)
    }
}

/// Busy loops that keep the first CPU loaded until stopped, at a low priority.
private struct Hogs {
    /// `nice` arguments that run a command at a low priority, on the first CPU only.
    static let pinned = ["-n", "10", "/usr/bin/taskset", "-c", "0"]
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
