import Foundation

/// The processes a process started, and theirs, read from `/proc`: a compiler driver puts its frontend jobs in
/// process groups of their own, so killing the driver's group alone would leave them running (and Foundation
/// waiting for them).
enum ProcessTree {
    /// Every living descendant of `root`.
    static func descendants(of root: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for entry in (try? FileManager().contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let parent = parentID(of: pid) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = []
        var queue = [root]
        while let next = queue.popLast() {
            for child in children[next] ?? [] where !found.contains(child) {
                found.append(child)
                queue.append(child)
            }
        }
        return found
    }

    /// Kills `root`'s process group and every descendant, wherever their groups are.
    static func killAll(from root: pid_t) {
        let descendants = descendants(of: root)
        kill(-root, SIGKILL)
        for pid in descendants { kill(pid, SIGKILL) }
    }

    /// Whether `pid` has exited and waits to be reaped (a zombie), or is gone.
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let fields = statFields(of: pid) else { return true }
        return fields.first == "Z" || fields.first == "X"
    }

    /// Clock ticks of CPU time `pid` used, its threads that ended included, plus those of the children it reaped
    /// (`utime + stime + cutime + cstime`): summed over a tree's living processes, every process that ever ran in it
    /// is counted once, however briefly it lived.
    static func cpuTicks(of pid: pid_t) -> UInt64? {
        guard let fields = statFields(of: pid), fields.count > 14 else { return nil }
        // After the command name, field 3 (the state) comes first: utime is field 14, cstime field 17.
        return fields[11...14].reduce(UInt64(0)) { total, field in total &+ (UInt64(field) ?? 0) }
    }

    /// The fields of `/proc/PID/stat` after the command name (which may hold spaces and parentheses): state first.
    private static func statFields(of pid: pid_t) -> [Substring]? {
        guard let data = FileManager().contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The fourth field of `/proc/PID/stat` (after the command name, which may hold spaces and parentheses).
    private static func parentID(of pid: pid_t) -> pid_t? {
        guard let fields = statFields(of: pid), fields.count > 1 else { return nil }
        return pid_t(fields[1])
    }
}
