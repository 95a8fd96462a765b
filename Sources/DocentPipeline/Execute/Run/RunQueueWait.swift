import Foundation

/// How long a process tree has waited for a CPU while it was ready to run, summed over all its threads from
/// `/proc/PID/task/TID/schedstat` (the kernel's run-queue delay), so a time limit can measure the program and not
/// the machine's load.
///
/// ```swift
/// var waits = RunQueueWait()
/// let queued = waits.sample(root: pid) // seconds, never less than the last sample
/// ```
/// Threads that ended keep the delay last seen for them; one that ended between two samples is not counted, so
/// the sum errs low, toward the stricter limit. Where the kernel does not report delays, it stays 0.
struct RunQueueWait {
    private var seen: [pid_t: UInt64] = [:]
    private var retired: UInt64 = 0

    /// Reads the delays of `root`, its descendants and all their threads, and returns the total in seconds.
    mutating func sample(root: pid_t) -> Double {
        for pid in [root] + ProcessTree.descendants(of: root) {
            let tasks = (try? FileManager().contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                guard let tid = pid_t(task), let delay = Self.delay(path: "/proc/\(pid)/task/\(task)/schedstat") else {
                    continue
                }
                if let previous = seen[tid], delay < previous { retired += previous } // a new thread took the id
                seen[tid] = delay
            }
        }
        return Double(seen.values.reduce(retired, +)) / 1e9
    }

    /// The second field of a `schedstat` file: nanoseconds spent runnable on a run queue.
    static func delay(path: String) -> UInt64? {
        guard let data = FileManager().contents(atPath: path) else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
        return fields.count >= 2 ? UInt64(fields[1]) : nil
    }
}
