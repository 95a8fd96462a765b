import Foundation

/// A path resolved as the kernel would: `real` follows every link and `..` physically, as far as the path exists
/// (the rest appended as written).
package struct ResolvedPath: Sendable, Hashable {
    package var real: String
    /// The target of a link on the way that leads nowhere, if one does.
    package var danglingLink: String?

    package static func resolve(_ path: String, from directory: String) -> ResolvedPath {
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        let components = absolute.split(separator: "/").map(String.init)
        // The longest prefix that exists, as the kernel reads it (so `link/..` is the link target's parent).
        var existing = 0
        var danglingLink: String?
        for count in (0...components.count).reversed() {
            let prefix = "/" + components.prefix(count).joined(separator: "/")
            var status = stat()
            if stat(prefix, &status) == 0 {
                existing = count
                break
            }
            if lstat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                danglingLink = Self.linkTarget(prefix)
            }
        }
        let base = "/" + components.prefix(existing).joined(separator: "/")
        let real = realpath(base, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? base
        return ResolvedPath(real: lexical(components.dropFirst(existing).joined(separator: "/"), from: real),
                            danglingLink: danglingLink)
    }

    /// `path` made absolute from `directory` with `.` and `..` taken as written, no link followed.
    package static func lexical(_ path: String, from directory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// Whether `path` is `folder` or lies below it (both absolute, without `.` or `..`).
    package static func contains(_ folder: String, _ path: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        return count > 0 ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : path
    }
}
