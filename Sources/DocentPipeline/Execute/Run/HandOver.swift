import Foundation

/// Gives files docent made to the unprivileged host user the sandbox starts as when docent is root (see
/// `BubblewrapSandbox.HostUser`), so the sandboxed program or compiler may use them, and nothing more.
enum HandOver {
    /// Makes `user` the owner of `path` and, for a folder, of everything in it.
    static func give(_ path: String, to user: BubblewrapSandbox.HostUser) throws {
        let files = FileManager()
        let owner: [FileAttributeKey: Any] = [.ownerAccountID: user.uid, .groupOwnerAccountID: user.gid]
        try files.setAttributes(owner, ofItemAtPath: path)
        for case let relative as String in files.enumerator(atPath: path) ?? NSEnumerator() {
            try files.setAttributes(owner, ofItemAtPath: "\(path)/\(relative)")
        }
    }

    /// Adds permission `bits` (`0o005`: others may read and run) to `path`, keeping the ones it has.
    static func allow(_ bits: Int, on path: String) throws {
        let files = FileManager()
        let current = (try files.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0
        if current & bits != bits { try files.setAttributes([.posixPermissions: current | bits], ofItemAtPath: path) }
    }
}
