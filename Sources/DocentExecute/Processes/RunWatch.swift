import Foundation

/// Holds a running program's process group to its time limit and file limit, for any runner that can wait for the
/// program a little at a time (`FoundationProcessRunner`, `ChannelProcessRunner`).
///
/// The time limit counts the seconds the program could use a CPU: time it spent ready but waiting for a CPU that
/// others held is added back to the deadline (`RunQueueWait`), but never past `maximumStretch` times the limit.
/// Given a file limit, a program in a sandbox of its own is stopped, at the same checks, once its in-memory folders
/// hold more files (`SandboxFileCount`).
struct RunWatch {
    /// How often the deadline is checked against the program's run-queue delay.
    static let checkInterval = 0.25

    /// How the watch ended.
    struct Result {
        var timedOut = false
        /// When stopped at the wall-clock ceiling rather than at its own limit: the ceiling's seconds.
        var ceiling: Double?
        /// When stopped for holding more files than the file limit: that limit.
        var tooManyFiles: Int?
        /// Seconds given back for waiting for a CPU.
        var queued = 0.0
    }

    var timeLimit: Double?
    var maximumStretch: Double
    var fileLimit: Int?
    var waitCredit: ([pid_t], Double) -> Double

    /// Watches `group` (started at `start`) until it ends: `wait(seconds)` waits at most that long (for ever when
    /// `nil`) and says whether the program ended; once the watch kills the group it waits for the end with
    /// `wait(nil)`.
    func watch(group: pid_t, start: DispatchTime, wait: (Double?) -> Bool) -> Result {
        var result = Result()
        guard let timeLimit else {
            _ = wait(nil)
            return result
        }
        let limit = max(timeLimit, 0)
        while true {
            let elapsed = Self.seconds(since: start)
            let remaining = limit + result.queued - elapsed
            if remaining <= 0 || elapsed >= limit * maximumStretch {
                // A program that ended while docent was not looking (stopped, or late to wake) ended in time.
                if !ProcessTree.hasEnded(group) {
                    result.timedOut = true
                    if remaining > 0 { result.ceiling = limit * maximumStretch }
                    ProcessTree.killAll(from: group)
                }
                _ = wait(nil)
                return result
            }
            if wait(min(remaining, Self.checkInterval)) { return result }
            // One look at `/proc` per check serves both the credit and the file count.
            let tree = [group] + ProcessTree.descendants(of: group)
            result.queued = waitCredit(tree, Self.seconds(since: start))
            if let fileLimit, let files = SandboxFileCount.count(in: tree), files > fileLimit {
                result.tooManyFiles = fileLimit
                ProcessTree.killAll(from: group)
                _ = wait(nil)
                return result
            }
        }
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
