import Foundation

/// Gives files docent made to the unprivileged host user the sandbox starts as when docent is root (see
/// `BubblewrapSandbox.HostUser`), so the sandboxed program or compiler may use them, and nothing more. Neither
/// follows a symbolic link: a link is handed over itself (`lchown`), and nothing it points at is touched.
enum HandOver {
    /// Makes `user` the owner of `path` and, for a folder, of everything in it, walked without following links.
    static func give(_ path: String, to user: BubblewrapSandbox.HostUser) throws {
        try NoFollowFiles.give(path, uid: user.uid, gid: user.gid)
    }

    /// Adds permission `bits` (`0o005`: others may read and run) to `path`, keeping the ones it has; a link there
    /// is refused (`chmod` would change what it points at).
    static func allow(_ bits: Int, on path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw NoFollowFiles.failure(path) }
        guard status.st_mode & S_IFMT != S_IFLNK else {
            throw NoFollowFiles.Failure(path: path, reason: "a symbolic link, where docent changes no permissions")
        }
        let current = Int(status.st_mode & 0o7777)
        if current & bits != bits, chmod(path, mode_t(current | bits)) != 0 { throw NoFollowFiles.failure(path) }
    }
}
