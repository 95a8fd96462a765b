import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// File operations that never follow a symbolic link, for docent's work in folders a sandboxed process could write
/// (or a checkout could plant links in): every path is walked one name at a time from a folder docent trusts, each
/// name opened with `O_NOFOLLOW`, so a link where a folder or file must be is an error (`ELOOP`), never a way out.
///
/// ```swift
/// try NoFollowFiles.removeTree("/tmp/docent-package-0-ab12/wrapper")     // a planted link goes, not its target
/// try NoFollowFiles.give("/tmp/docent-package-0-ab12/wrapper", uid: 65534, gid: 65534)   // lchown, walked
/// let plan = try NoFollowFiles.read("build/debug.yaml", in: work.root, limit: 64 << 20)
/// ```
enum NoFollowFiles {
    /// A file operation that failed: the path and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// Removes `path` and, for a real folder, everything in it; a link is removed itself, never followed. Nothing
    /// there is not an error.
    static func removeTree(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw failure(path)
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            let folder = try openFolder(path)
            defer { close(folder) }
            try removeContents(of: folder, path: path)
            guard rmdir(path) == 0 || errno == ENOENT else { throw failure(path) }
        } else {
            guard unlink(path) == 0 || errno == ENOENT else { throw failure(path) }
        }
    }

    /// Makes `uid`:`gid` the owner of `path` and, when it is a real folder, of everything in it, with `lchown`
    /// semantics: a link changes owner itself, and nothing it points at is touched or walked into.
    static func give(_ path: String, uid: uid_t, gid: gid_t) throws {
        guard fchownat(AT_FDCWD, path, uid, gid, AT_SYMLINK_NOFOLLOW) == 0 else { throw failure(path) }
        var status = stat()
        guard lstat(path, &status) == 0 else { throw failure(path) }
        guard status.st_mode & S_IFMT == S_IFDIR else { return }
        let folder = try openFolder(path)
        defer { close(folder) }
        try giveContents(of: folder, path: path, uid: uid, gid: gid)
    }

    /// A new file at `path` holding `contents`, with exactly `mode`: never one that is there already, never
    /// through a link (`O_CREAT | O_EXCL | O_NOFOLLOW`).
    static func createFile(_ path: String, contents: Data, mode: mode_t = 0o644) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        try writeAll(contents, to: descriptor, path: path)
        guard fchmod(descriptor, mode) == 0 else { throw failure(path) }
    }

    /// A new folder at `path` with exactly `mode` (never one that is there already).
    static func makeFolder(_ path: String, mode: mode_t = 0o700) throws {
        guard mkdir(path, 0o700) == 0, chmod(path, mode) == 0 else { throw failure(path) }
    }

    /// The bytes of `relative` below `base` (a folder docent trusts), each name below it opened without following
    /// a link; a regular file only (not a device or pipe, which could block), at most `limit` bytes.
    static func read(_ relative: String, in base: String, limit: Int) throws -> Data {
        let descriptor = try openInside(relative, in: base, flags: O_RDONLY | O_NONBLOCK)
        defer { close(descriptor) }
        let path = "\(base)/\(relative)"
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(path: path, reason: "not a regular file") }
        guard Int(status.st_size) <= limit else { throw Failure(path: path, reason: "larger than \(limit) bytes") }
        return try readAll(descriptor, path: path, limit: limit)
    }

    /// The names in the folder `relative` below `base`, walked as `read` walks.
    static func names(in relative: String, below base: String) throws -> [String] {
        let descriptor = try openInside(relative, in: base, flags: O_RDONLY | O_DIRECTORY)
        return try names(of: descriptor, path: "\(base)/\(relative)", closing: true)
    }

    /// `relative` below `base` opened with `flags`: `base` as given (it is trusted), then every name with
    /// `O_NOFOLLOW`, the folders on the way with `O_DIRECTORY` too.
    static func openInside(_ relative: String, in base: String, flags: Int32) throws -> Int32 {
        var current = Glibc.open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw failure(base) }
        let parts = relative.split(separator: "/").map(String.init)
        guard !parts.contains(".."), !parts.isEmpty else {
            close(current)
            throw Failure(path: "\(base)/\(relative)", reason: "not a path inside \(base)")
        }
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            let next = openat(current, part, (last ? flags : O_RDONLY | O_DIRECTORY) | O_NOFOLLOW | O_CLOEXEC)
            let problem = errno
            close(current)
            guard next >= 0 else {
                errno = problem
                throw failure("\(base)/\(parts[...index].joined(separator: "/"))")
            }
            current = next
        }
        return current
    }

    /// The failure the last system call left in `errno`, for `path`; a link where none may be is named as one.
    static func failure(_ path: String) -> Failure {
        let code = errno
        if code == ELOOP || code == ENOTDIR {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                let destination = (try? FileManager().destinationOfSymbolicLink(atPath: path)) ?? "?"
                return Failure(path: path, reason: "a symbolic link (to \(destination)) where docent follows none")
            }
        }
        return Failure(path: path, reason: String(cString: strerror(code)))
    }

    // MARK: - Walking folders by descriptor

    private static func openFolder(_ path: String) throws -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path) }
        return descriptor
    }

    private static func removeContents(of folder: Int32, path: String) throws {
        for name in try names(of: folder, path: path, closing: false) {
            let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 {
                defer { close(child) }
                try removeContents(of: child, path: "\(path)/\(name)")
                guard unlinkat(folder, name, AT_REMOVEDIR) == 0 else { throw failure("\(path)/\(name)") }
            } else {
                guard unlinkat(folder, name, 0) == 0 || errno == ENOENT else { throw failure("\(path)/\(name)") }
            }
        }
    }

    private static func giveContents(of folder: Int32, path: String, uid: uid_t, gid: gid_t) throws {
        for name in try names(of: folder, path: path, closing: false) {
            guard fchownat(folder, name, uid, gid, AT_SYMLINK_NOFOLLOW) == 0 else { throw failure("\(path)/\(name)") }
            let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else { continue }   // not a folder (a link or a file): nothing below it
            defer { close(child) }
            try giveContents(of: child, path: "\(path)/\(name)", uid: uid, gid: gid)
        }
    }

    /// The names in an open folder (`.` and `..` left out); `closing` hands the descriptor to the listing.
    private static func names(of folder: Int32, path: String, closing: Bool) throws -> [String] {
        let listed = closing ? folder : dup(folder)
        guard listed >= 0, let stream = fdopendir(listed) else {
            if listed >= 0 { close(listed) }
            throw failure(path)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    // MARK: - Bytes

    static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw failure(path) }
                offset += written
            }
        }
    }

    static func readAll(_ descriptor: Int32, path: String, limit: Int) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw failure(path) }
            if got == 0 { return data }
            data.append(contentsOf: buffer[0..<got])
            guard data.count <= limit else { throw Failure(path: path, reason: "larger than \(limit) bytes") }
        }
    }
}
