import DocentCore
import Foundation

/// The files of a package folder as SwiftPM builds them, listed by ``FolderWalker`` without reading them (hidden
/// entries such as `.build`, `.git` and `.swiftpm`, editor scratch files, sites docent wrote and the excluded folders
/// left out; links kept as links): to tell whether anything changed since the last build, and to make a copy of
/// the package.
///
/// ```swift
/// let tree = try PackageTree(scanning: "/home/me/pkg", excluding: ["/home/me/pkg/site"])
/// if tree.hash != remembered { try tree.mirror(from: "/home/me/pkg", into: copy) }
/// ```
struct PackageTree: Sendable, Hashable {
    /// One entry: its path relative to the folder, its kind, and what tells a changed file.
    struct Entry: Sendable, Hashable {
        enum Kind: Sendable, Hashable { case folder, file, link(String) }
        var path: String
        var kind: Kind
        var size: Int
        /// Modification time, in nanoseconds since 1970.
        var modified: Int64
        var executable: Bool
        /// The permission bits (`0o777`), kept in the copy.
        var mode: UInt32 = 0o644
    }

    /// At most this many entries: a package folder holding more is refused rather than copied.
    static let maximumEntries = 100_000
    /// At most this many bytes in all.
    static let maximumBytes = 4 << 30

    var entries: [Entry]

    /// Lists `folder` by ``FolderWalker``'s rules (links kept as links, never followed); throws a located error naming
    /// the folder when it holds more than the limits allow, and one at each folder that cannot be read.
    init(scanning folder: String, excluding excluded: [String]) throws {
        var entries: [Entry] = []
        var bytes = 0
        let walker = FolderWalker(links: .keep, excluding: excluded.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        let skipped = try walker.walk(folder) { found in
            let kind: Entry.Kind
            switch found.kind {
            case .folder: kind = .folder
            case .file: kind = .file
            case .link(let destination): kind = .link(destination)
            }
            // A folder's own time and size change whenever anything is added inside it, hidden files (a cache)
            // too: its entries say what changed, so the folder itself is only a name.
            let isFolder = kind == .folder
            let status = found.status
            bytes += isFolder ? 0 : status.size
            entries.append(Entry(path: found.path, kind: kind, size: isFolder ? 0 : status.size,
                                 modified: isFolder ? 0 : status.modified, executable: !isFolder && status.mode & UInt32(S_IXUSR) != 0,
                                 mode: status.mode & 0o777))
            if entries.count > Self.maximumEntries || bytes > Self.maximumBytes {
                throw DiagnosticError([PackageDiagnostics.tooLarge(folder, entries: Self.maximumEntries, bytes: Self.maximumBytes)])
            }
        }
        let unreadable = skipped.compactMap { skipped -> Diagnostic? in
            guard case .unreadable(let why) = skipped.reason else { return nil }
            return PackageDiagnostics.folderUnreadable(why, at: SourceLocation(path: "\(folder)/\(skipped.path)"))
        }
        if !unreadable.isEmpty { throw DiagnosticError(unreadable) }
        self.entries = entries.sorted { $0.path < $1.path }
    }

    /// Changes when any entry is added, removed, resized or touched.
    var hash: String {
        var hash = StableHash()
        for entry in entries {
            hash.combine(entry.path)
            hash.combine("\(entry.kind)|\(entry.size)|\(entry.modified)|\(entry.executable)|\(entry.mode)")
        }
        return hash.hex
    }

    /// A hash of the manifests and the pinned versions only (`Package.swift`, `Package@swift-*.swift`,
    /// `Package.resolved`): when it is unchanged, the package's products and dependencies are too.
    var manifestHash: String {
        var hash = StableHash()
        for entry in entries where !entry.path.contains("/") && entry.path.hasPrefix("Package") {
            hash.combine(entry.path)
            hash.combine("\(entry.size)|\(entry.modified)")
        }
        return hash.hex
    }

    /// Makes `copy` anew, holding exactly these entries of `folder`: files with their modes (a private file stays
    /// private) and modification times (so SwiftPM's incremental build sees what changed), folders, and links that
    /// lead to something inside the package (others are refused, each with an error at the link). Nothing of an
    /// earlier copy is kept (the sandbox may have changed it), and nothing is written through a link: each file
    /// is created new (`O_EXCL | O_NOFOLLOW`) in a folder made here, and the package's files are opened without
    /// following links. The copy's folders are `0700` (their owner, the sandbox user once handed over, reads them).
    func mirror(from folder: String, into copy: String) throws {
        let links = try PackageLinks(folder: folder)
        let refused = entries.compactMap { entry -> Diagnostic? in
            guard case .link(let destination) = entry.kind else { return nil }
            return links.refusal(path: entry.path, destination: destination)
        }
        guard refused.isEmpty else { throw DiagnosticError(refused) }
        try NoFollowFiles.removeTree(copy)
        try NoFollowFiles.makeFolder(copy, mode: 0o700)
        for entry in entries {
            let target = "\(copy)/\(entry.path)"
            switch entry.kind {
            case .folder:
                try NoFollowFiles.makeFolder(target, mode: 0o700)
            case .link(let destination):
                guard symlink(destination, target) == 0 else { throw NoFollowFiles.failure(target) }
            case .file:
                try Self.copyFile("\(folder)/\(entry.path)", to: target, entry: entry)
            }
        }
    }

    /// One file's bytes, mode and modification time, read without following a link.
    private static func copyFile(_ source: String, to target: String, entry: Entry) throws {
        let input = open(source, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw NoFollowFiles.failure(source) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw NoFollowFiles.Failure(path: source, reason: "no longer a regular file")
        }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw NoFollowFiles.failure(target) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw NoFollowFiles.failure(source) }
            if got == 0 { break }
            try NoFollowFiles.writeAll(Data(buffer[0..<got]), to: output, path: target)
        }
        let time = timespec(tv_sec: Int(entry.modified / 1_000_000_000), tv_nsec: Int(entry.modified % 1_000_000_000))
        var times = [time, time]
        guard fchmod(output, mode_t(entry.mode)) == 0, futimens(output, &times) == 0 else { throw NoFollowFiles.failure(target) }
    }
}
