import Foundation

/// The machine's file system as ``FolderWalker`` reads it: `opendir`/`readdir` (Foundation drops names that are not
/// UTF-8), `lstat`/`stat`, `realpath` and `readlink`.
package struct DiskFolders: FolderSource {
    package init() {}

    package func names(in folder: String) throws -> [[UInt8]] {
        guard let stream = opendir(folder) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: folder,
                                                          NSLocalizedDescriptionKey: "cannot read the folder \(folder): \(String(cString: strerror(errno)))"])
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names
    }

    package func status(of path: String, following: Bool) -> FolderEntryStatus? {
        var status = stat()
        guard (following ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        let kind: FolderEntryStatus.Kind
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .link
        default: kind = .other
        }
        return FolderEntryStatus(kind: kind, size: Int(status.st_size),
                                 modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
                                 mode: UInt32(status.st_mode & 0o7777))
    }

    package func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    package func linkDestination(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
