import Foundation

/// How much of a program's wall-clock time was spent waiting for a CPU that others held, read from the kernel's
/// per-thread accounting (`/proc/PID/task/TID/schedstat`: time on a CPU, time runnable on a run queue) over the
/// program's whole process tree, so a time limit can measure the program and not the machine's load.
///
/// ```swift
/// var waits = RunQueueWait()
/// let tree = [pid] + ProcessTree.descendants(of: pid)
/// let credit = waits.sample(tree: tree, elapsed: 2.0) // seconds given back so far, never less than before
/// ```
/// Only waiting that others caused is credited: between two samples, at most the interval less the CPU time the
/// tree used in it, and nothing when the tree used a whole CPU or more. A program that starts more busy threads
/// than there are cores waits for its own threads, and gets nothing back for it. The tree's CPU time is the larger of
/// its threads' `schedstat` times and its processes' own and reaped children's times (`ProcessTree.cpuTicks`), so
/// processes that lived and died between two samples still count as the tree running. Threads that ended keep the
/// waiting last seen for them; where the kernel does not report them, nothing is credited.
struct RunQueueWait {
    /// A thread's (or a sum of threads') nanoseconds on a CPU and runnable on a run queue.
    struct Times: Equatable {
        var running: UInt64 = 0
        var waiting: UInt64 = 0

        static func + (left: Times, right: Times) -> Times {
            Times(running: left.running &+ right.running, waiting: left.waiting &+ right.waiting)
        }
    }

    private var seen: [pid_t: Times] = [:]
    private var retired = Times()
    private var last = Times()
    private var lastElapsed = 0.0
    /// The most clock ticks of CPU time the tree's processes were seen to have used (never less than before).
    private var lastTicks: UInt64 = 0
    /// Clock ticks per second (`sysconf(_SC_CLK_TCK)`).
    private let ticksPerSecond = Double(max(sysconf(Int32(_SC_CLK_TCK)), 1))
    /// Seconds credited so far.
    private(set) var credit = 0.0

    /// Reads the times of the processes of `tree` (a root and its descendants) and all their threads at `elapsed`
    /// seconds into the run, credits the waiting since the last sample that others caused, and returns the credit so far.
    mutating func sample(tree: [pid_t], elapsed: Double) -> Double {
        var ticks: UInt64 = 0
        for pid in tree {
            ticks &+= ProcessTree.cpuTicks(of: pid) ?? 0
            let tasks = (try? FileManager().contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                guard let tid = pid_t(task), let times = Self.times(path: "/proc/\(pid)/task/\(task)/schedstat") else {
                    continue
                }
                if let previous = seen[tid], times.running < previous.running || times.waiting < previous.waiting {
                    retired = retired + previous // a new thread took the id
                }
                seen[tid] = times
            }
        }
        let total = seen.values.reduce(retired, +)
        let processesRan = Double(ticks > lastTicks ? ticks - lastTicks : 0) / ticksPerSecond
        credit += Self.credit(interval: elapsed - lastElapsed,
                              ran: max(Double(total.running &- last.running) / 1e9, processesRan),
                              waited: Double(total.waiting &- last.waiting) / 1e9)
        last = total
        lastTicks = max(lastTicks, ticks)
        lastElapsed = elapsed
        return credit
    }

    /// What an interval gives back: its waiting, but no more than the part of the interval the tree did not run
    /// (so nothing once it ran a whole CPU's worth: its own threads were then the ones it waited for).
    static func credit(interval: Double, ran: Double, waited: Double) -> Double {
        max(0, min(waited, interval - ran))
    }

    /// The first two fields of a `schedstat` file: nanoseconds on a CPU, nanoseconds runnable on a run queue.
    static func times(path: String) -> Times? {
        guard let data = FileManager().contents(atPath: path) else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let running = UInt64(fields[0]), let waiting = UInt64(fields[1]) else { return nil }
        return Times(running: running, waiting: waiting)
    }

    /// The second field of a `schedstat` file: nanoseconds spent runnable on a run queue.
    static func delay(path: String) -> UInt64? {
        times(path: path)?.waiting
    }
}
