import Foundation

/// How many files and folders a sandboxed program's in-memory folders hold, read from outside: the writable tmpfs
/// mounts of the first process of a run's tree that lives in a mount namespace other than docent's, each counted by
/// `statvfs` through `/proc/PID/root` (inodes in use).
///
/// Bubblewrap sizes those folders in bytes but cannot bound their inodes, and an empty file costs the kernel
/// memory the size limit does not see; this count lets the runner stop a program that makes files without end.
///
/// ```swift
/// let tree = [bubblewrapPID] + ProcessTree.descendants(of: bubblewrapPID)
/// if let files = SandboxFileCount.count(in: tree), files > limit { /* stop it */ }
/// ```
enum SandboxFileCount {
    /// One mount of a process's mount table.
    struct Mount: Equatable {
        /// The mount's device (`major:minor`): one file system mounted twice is counted once.
        var device: String
        /// Where it is mounted, as the process sees it.
        var path: String
        var fileSystem: String
        var writable: Bool
    }

    /// Files and folders in the writable in-memory folders of the sandbox `tree` (a run's processes) is in; `nil`
    /// when no process of it has a mount namespace of its own yet (or any more).
    static func count(in tree: [pid_t]) -> Int? {
        guard let own = namespace(of: "self") else { return nil }
        for pid in tree {
            guard let theirs = namespace(of: String(pid)), theirs != own,
                  let table = FileManager().contents(atPath: "/proc/\(pid)/mountinfo") else { continue }
            var devices = Set<String>()
            var total = 0
            for mount in mounts(String(decoding: table, as: UTF8.self)) where mount.fileSystem == "tmpfs" && mount.writable {
                guard devices.insert(mount.device).inserted else { continue }
                var info = statvfs()
                guard statvfs("/proc/\(pid)/root\(mount.path)", &info) == 0 else { continue }
                total += Int(info.f_files) - Int(info.f_ffree)
            }
            return total
        }
        return nil
    }

    /// The mounts of a `/proc/PID/mountinfo` table: `ID PARENT MAJOR:MINOR ROOT PATH OPTIONS [TAGS…] - TYPE SOURCE …`,
    /// paths with spaces and other bytes escaped as `\\ooo`.
    static func mounts(_ table: String) -> [Mount] {
        table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count >= 7, let dash = fields.firstIndex(of: "-"), dash >= 6, dash + 1 < fields.count else {
                return nil
            }
            let options = fields[5].split(separator: ",")
            return Mount(device: String(fields[2]), path: unescaped(fields[4]), fileSystem: String(fields[dash + 1]),
                         writable: options.contains("rw"))
        }
    }

    /// A mount table path with its `\\ooo` octal escapes decoded.
    private static func unescaped(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        let raw = Array(field.utf8)
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "\\"), index + 3 < raw.count,
               let value = UInt8(String(decoding: raw[(index + 1)...(index + 3)], as: UTF8.self), radix: 8) {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The inode of a process's mount namespace (`/proc/PID/ns/mnt`).
    private static func namespace(of process: String) -> UInt64? {
        var info = stat()
        guard stat("/proc/\(process)/ns/mnt", &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }
}
