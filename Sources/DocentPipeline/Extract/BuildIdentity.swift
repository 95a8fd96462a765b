import Foundation

/// Which build of docent is running, as far as its code goes: every file mapped executable into the process (the
/// program and each shared library: Swift's runtime, Foundation, libcmark), each by path, device, inode, size and
/// modification time, so a relinked docent or an upgraded library is another identity. Caches of what docent's own
/// code computed (``AnalysisCache``) are keyed on it.
///
/// ```swift
/// BuildIdentity.current   // "/usr/bin/docent 2049 131 100619008 1764147960.123456789\n/usr/lib/…", or nil
/// ```
/// `nil` where the system does not list a process's mappings (`/proc/self/maps`): nothing is cached by it then.
public enum BuildIdentity {
    /// The running docent's identity, read once.
    public static let current: String? = stable(maps: "/proc/self/maps")

    /// `read(maps:)` until two readings in a row agree, or `nil`: the kernel lists mappings a chunk at a time, and a
    /// thread that maps or unmaps memory meanwhile (a new thread's stack) can make one reading skip lines.
    static func stable(maps: String, attempts: Int = 5) -> String? {
        var last = read(maps: maps)
        for _ in 1..<attempts {
            let next = read(maps: maps)
            if next == last { return next }
            last = next
        }
        return nil
    }

    /// The identity the mappings in `maps` give, or `nil` when it cannot be read or lists no file.
    static func read(maps: String) -> String? {
        #if os(Linux)
        guard let text = readWhole(maps) else { return nil }
        var files: Set<String> = []
        for line in text.split(separator: "\n") {
            // address perms offset dev inode path (the path after a run of spaces that varies from line to line)
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1].contains("x") else { continue }
            let path = fields[5...].joined(separator: " ")
            if path.hasPrefix("/") { files.insert(path) }
        }
        var described: [String] = []
        for path in files.sorted() {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            described.append("\(path) \(status.st_dev) \(status.st_ino) \(status.st_size) "
                             + "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
        }
        return described.isEmpty ? nil : described.joined(separator: "\n")
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The whole of a file read to its end (a file in `/proc` says its size is 0, and Foundation reads one page of it).
    static func readWhole(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    #endif
}
