import DocentCore
import Foundation

/// The files of a package folder as SwiftPM builds them (hidden entries such as `.build`, `.git` and `.swiftpm`,
/// sites docent wrote (folders holding its `.docent-site` mark), and the excluded folders, left out), listed without reading them: to tell whether anything changed since the
/// last build, and to keep a copy of the package up to date.
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
    }

    /// At most this many entries: a package folder holding more is refused rather than copied.
    static let maximumEntries = 100_000
    /// At most this many bytes in all.
    static let maximumBytes = 4 << 30

    var entries: [Entry]

    /// Lists `folder`; throws a located error naming the folder when it holds more than the limits allow.
    init(scanning folder: String, excluding excluded: [String]) throws {
        var entries: [Entry] = []
        var bytes = 0
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? folder : "\(folder)/\(relative)"
            let names = try FileManager().contentsOfDirectory(atPath: directory).sorted()
            for name in names where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : "\(relative)/\(name)"
                let absolute = "\(folder)/\(path)"
                if excluded.contains(absolute) { continue }
                var status = stat()
                guard lstat(absolute, &status) == 0 else { continue }
                let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
                let kind: Entry.Kind
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    if FileManager().fileExists(atPath: "\(absolute)/\(SiteWriter.marker)") { continue }
                    kind = .folder
                    pending.append(path)
                case S_IFREG:
                    kind = .file
                case S_IFLNK:
                    kind = .link((try? FileManager().destinationOfSymbolicLink(atPath: absolute)) ?? "")
                default:
                    continue
                }
                // A folder's own time and size change whenever anything is added inside it, hidden files (a cache)
                // too: its entries say what changed, so the folder itself is only a name.
                let isFolder = kind == .folder
                bytes += isFolder ? 0 : Int(status.st_size)
                entries.append(Entry(path: path, kind: kind, size: isFolder ? 0 : Int(status.st_size),
                                     modified: isFolder ? 0 : modified, executable: !isFolder && status.st_mode & S_IXUSR != 0))
                if entries.count > Self.maximumEntries || bytes > Self.maximumBytes {
                    throw DiagnosticError([.error(at: SourceLocation(path: folder),
                        "the package folder holds more than \(Self.maximumEntries) files or \(Self.maximumBytes >> 30) GiB, more than docent copies to build it",
                        notes: ["point --package at the folder holding Package.swift, and keep large data out of it"])])
                }
            }
        }
        self.entries = entries.sorted { $0.path < $1.path }
    }

    /// Changes when any entry is added, removed, resized or touched.
    var hash: String {
        var hash = StableHash()
        for entry in entries {
            hash.combine(entry.path)
            hash.combine("\(entry.kind)|\(entry.size)|\(entry.modified)|\(entry.executable)")
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

    /// Makes `copy` hold exactly these entries of `folder`: changed and new files copied (their modification times
    /// kept, so SwiftPM's incremental build sees what changed), entries that are gone removed. Everything in the
    /// copy is readable by all, so an unprivileged sandbox user can build it; links are copied as links, never followed.
    func mirror(from folder: String, into copy: String) throws {
        let files = FileManager()
        try files.createDirectory(atPath: copy, withIntermediateDirectories: true)
        let old = (try? PackageTree(scanning: copy, excluding: [])) ?? PackageTree(entries: [])
        let wanted = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Deepest first, so a folder is emptied before it goes.
        for entry in old.entries.reversed() where wanted[entry.path].map({ !Self.sameKind($0, entry) }) ?? true {
            try files.removeItem(atPath: "\(copy)/\(entry.path)")
        }
        let kept = Dictionary(old.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in entries {
            let target = "\(copy)/\(entry.path)"
            switch entry.kind {
            case .folder:
                if kept[entry.path] == nil { try files.createDirectory(atPath: target, withIntermediateDirectories: true) }
                try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target)
            case .link(let destination):
                if kept[entry.path] == nil { try files.createSymbolicLink(atPath: target, withDestinationPath: destination) }
            case .file:
                if let previous = kept[entry.path], previous.size == entry.size, previous.modified == entry.modified,
                   previous.executable == entry.executable { continue }
                try? files.removeItem(atPath: target)
                try files.copyItem(atPath: "\(folder)/\(entry.path)", toPath: target)
                try files.setAttributes([.posixPermissions: entry.executable ? 0o755 : 0o644], ofItemAtPath: target)
                var times = [timespec(tv_sec: Int(entry.modified / 1_000_000_000), tv_nsec: Int(entry.modified % 1_000_000_000)),
                             timespec(tv_sec: Int(entry.modified / 1_000_000_000), tv_nsec: Int(entry.modified % 1_000_000_000))]
                _ = utimensat(AT_FDCWD, target, &times, AT_SYMLINK_NOFOLLOW)
            }
        }
    }

    private init(entries: [Entry]) {
        self.entries = entries
    }

    /// Whether an old entry can stay in place for a new one (same kind; a link to the same place).
    private static func sameKind(_ new: Entry, _ old: Entry) -> Bool {
        switch (new.kind, old.kind) {
        case (.folder, .folder), (.file, .file): return true
        case (.link(let a), .link(let b)): return a == b
        default: return false
        }
    }
}
