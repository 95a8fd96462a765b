import Foundation

/// How many processes and threads (tasks) a user has on this machine, read from `/proc`: `RLIMIT_NPROC` counts them
/// all, so a limit for one run is what the user has now plus what the run may add.
///
/// ```swift
/// let limits = ProgramLimits(memory: 1 << 30, cpuSeconds: 10, fileSize: 1 << 24,
///                            tasks: TaskCount.limit(forUser: 65534))   // what it has now + 512
/// ```
enum TaskCount {
    /// Processes and threads one program (or compile) may start beside what its user already runs: far above what a
    /// tutorial's code or the compiler needs, far below what exhausts a machine.
    static let budget = 512

    /// The tasks of `uid`: the threads of every process whose `/proc` folder it owns.
    static func tasks(ofUser uid: uid_t) -> Int {
        var count = 0
        for entry in (try? FileManager().contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
            var status = stat()
            guard stat("/proc/\(entry)", &status) == 0, status.st_uid == uid else { continue }
            count += ((try? FileManager().contentsOfDirectory(atPath: "/proc/\(entry)/task"))?.count) ?? 1
        }
        return count
    }

    /// The `RLIMIT_NPROC` for a run as `uid`: its tasks now plus ``budget``. Root is never held to it (the kernel
    /// exempts it), so for root there is none.
    static func limit(forUser uid: uid_t) -> Int? {
        uid == 0 ? nil : tasks(ofUser: uid) + budget
    }
}
