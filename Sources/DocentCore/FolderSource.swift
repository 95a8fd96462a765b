import Foundation

/// What ``FolderWalker`` asks of the place it walks: a folder's names, an entry's status, where a link leads.
/// ``DiskFolders`` is the machine's file system; a test passes a folder held in memory.
package protocol FolderSource: Sendable {
    /// The names in `folder`, as the bytes the file system holds, without `.` and `..`; throws when it cannot be read.
    func names(in folder: String) throws -> [[UInt8]]
    /// The entry at `path` (the link itself unless `following`); `nil` when there is none (or a link leads nowhere).
    func status(of path: String, following: Bool) -> FolderEntryStatus?
    /// `path` with every symbolic link resolved; `nil` when it leads nowhere.
    func realPath(_ path: String) -> String?
    /// What the symbolic link at `path` holds, unresolved.
    func linkDestination(_ path: String) -> String?
}

/// One entry's kind and stamp, as `lstat`/`stat` tell them.
package struct FolderEntryStatus: Sendable, Hashable {
    /// What an entry is.
    package enum Kind: Sendable, Hashable { case file, folder, link, other }

    package var kind: Kind
    package var size: Int
    /// Modification time, in nanoseconds since 1970.
    package var modified: Int64
    /// The permission bits (`0o7777`).
    package var mode: UInt32

    package init(kind: Kind, size: Int = 0, modified: Int64 = 0, mode: UInt32 = 0o644) {
        self.kind = kind
        self.size = size
        self.modified = modified
        self.mode = mode
    }
}
