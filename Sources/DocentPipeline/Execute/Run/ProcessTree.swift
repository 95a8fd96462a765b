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
