import DocentCore
import Foundation

/// A copy of a folder tree made with plain system calls, never following a link, whose errors carry the failing
/// call's own error number and the path it was writing (Foundation's `copyItem` reports a full disk during a copy as
/// "file exists" on the source), so `FileErrorText` can say "the disk holding … is full".
///
/// ```swift
/// try FolderCopy.copy("/cache/runtime-1a2b", to: "/tmp/docent-x/0-runtime-1a2b")
/// ```
enum FolderCopy {
    /// Copies `source` (a folder, a file or a link) to `destination`, which must not exist yet.
    static func copy(_ source: String, to destination: String) throws {
        var status = stat()
        guard lstat(source, &status) == 0 else { throw failure(source) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            guard mkdir(destination, 0o700) == 0 else { throw failure(destination) }
            for name in try DiskScratch().names(in: source) {
                try copy("\(source)/\(name)", to: "\(destination)/\(name)")
            }
            guard chmod(destination, status.st_mode & 0o777) == 0 else { throw failure(destination) }
        case S_IFREG:
            try copyFile(source, to: destination, mode: status.st_mode & 0o777)
        case S_IFLNK:
            guard let target = DiskFolders().linkDestination(source) else { throw failure(source) }
            guard symlink(target, destination) == 0 else { throw failure(destination) }
        default:
            break // sockets, fifos and devices have no place in a module cache
        }
    }

    private static func copyFile(_ source: String, to destination: String, mode: mode_t) throws {
        let input = open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else { throw failure(source) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard output >= 0 else { throw failure(destination) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; throw failure(source) }
            if count == 0 { return }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if step < 0 { if errno == EINTR { continue }; throw failure(destination) }
                written += step
            }
        }
    }

    private static func failure(_ path: String) -> NSError {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSFilePathErrorKey: path])
    }
}
