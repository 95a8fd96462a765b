import Foundation

/// The one walk of the user's folders, with one set of rules, used by Load (the content and templates), the package
/// scan (`PackageTree`) and `docent serve`'s watcher, so `build` and `serve` never disagree about what the content is.
///
/// The rules, for every entry below the root:
/// - a hidden name (`.git`, `.DS_Store`) and an editor's scratch file (`*.swp`, `*.swx`, `*~`, `4913`) are not there;
/// - a folder holding `.docent-site` is a site docent wrote, not content, and an `excluded` path is never entered;
/// - a name that is not UTF-8 is left out and reported (nothing could name it exactly);
/// - a symbolic link (with ``Links/followInside``) is followed when it resolves inside the root, to a file or a folder;
///   one that leads out of the root, one that leads nowhere, and one that leads back into a folder it is in are
///   left out and reported; with ``Links/keep`` a link is an entry of its own, never followed;
/// - a folder that cannot be read is reported, and the walk goes on (the root itself throws);
/// - anything else (a socket, a device) is not there.
///
/// ```swift
/// let walk = try FolderWalker().walk("content")
/// walk.entries.filter { $0.kind == .file }.map(\.path)   // ["guides/intro.md", "index.md"]
/// walk.skipped                                            // [.init(path: "out", reason: .linkLeavesFolder(target: "/etc"))]
/// ```
package struct FolderWalker: Sendable {
    /// What a walk does with a symbolic link.
    package enum Links: Sendable { case followInside, keep }

    /// One entry found: its path relative to the root, its kind and its stamp (a followed link's are its target's).
    package struct Entry: Sendable, Hashable {
        /// A file, a folder, or (with ``Links/keep``) a link holding its destination.
        package enum Kind: Sendable, Hashable { case file, folder, link(String) }

        package var path: String
        package var kind: Kind
        package var status: FolderEntryStatus
    }

    /// An entry left out that the author should hear about, with why.
    package typealias Skipped = SkippedEntry

    /// What a walk found, each list sorted by path.
    package struct Walk: Sendable, Hashable {
        package var entries: [Entry]
        package var skipped: [Skipped]

        /// The regular files' paths (followed links to files among them).
        package var files: [String] { entries.compactMap { $0.kind == .file ? $0.path : nil } }
    }

    package var links: Links
    package var excluded: Set<String>
    package var source: any FolderSource

    /// `excluded` are absolute paths, compared as the root is joined with an entry's path (and a followed link's target).
    package init(links: Links = .followInside, excluding excluded: [String] = [], source: any FolderSource = DiskFolders()) {
        self.links = links
        self.excluded = Set(excluded)
        self.source = source
    }

    /// Whether a name is never content: hidden, or an editor's scratch file.
    package static func isIgnored(_ name: some BidirectionalCollection<UInt8>) -> Bool {
        guard let first = name.first else { return true }
        if first == UInt8(ascii: ".") || name.elementsEqual("4913".utf8) || name.last == UInt8(ascii: "~") { return true }
        return name.count > 4 && (name.suffix(4).elementsEqual(".swp".utf8) || name.suffix(4).elementsEqual(".swx".utf8))
    }

    /// Every entry below `root`. A root that is not a folder holds nothing; a root that cannot be read throws.
    package func walk(_ root: String) throws -> Walk {
        var entries: [Entry] = []
        let skipped = try walk(root) { entries.append($0) }
        return Walk(entries: entries.sorted { $0.path < $1.path }, skipped: skipped)
    }

    /// Calls `visit` with each entry below `root` as it is found (a folder before what it holds), and returns what
    /// was left out, sorted by path; `visit` may throw to stop the walk.
    package func walk(_ root: String, visit: (Entry) throws -> Void) throws -> [Skipped] {
        guard source.status(of: root, following: true)?.kind == .folder else { return [] }
        let realRoot = source.realPath(root) ?? root
        var skipped: [Skipped] = []
        var walking: Set<String> = [realRoot]
        func walk(_ folder: String, _ relative: String, _ names: [[UInt8]]) throws {
            let prefix = relative.isEmpty ? "" : relative + "/"
            for raw in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) where !Self.isIgnored(raw) {
                guard let name = String(validating: raw, as: UTF8.self) else {
                    skipped.append(Skipped(path: prefix + Self.escaped(raw), reason: .nameNotUTF8))
                    continue
                }
                let path = folder + "/" + name
                let inside = prefix + name
                guard !excluded.contains(path), var status = source.status(of: path, following: false) else { continue }
                var real: String?
                if status.kind == .link {
                    let destination = source.linkDestination(path) ?? ""
                    if links == .keep {
                        try visit(Entry(path: inside, kind: .link(destination), status: status))
                        continue
                    }
                    guard let target = source.realPath(path), let followed = source.status(of: target, following: true) else {
                        skipped.append(Skipped(path: inside, reason: .linkLeadsNowhere(destination: destination)))
                        continue
                    }
                    guard target == realRoot || target.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else {
                        skipped.append(Skipped(path: inside, reason: .linkLeavesFolder(target: target)))
                        continue
                    }
                    if excluded.contains(target) { continue }
                    status = followed
                    real = target
                }
                switch status.kind {
                case .file:
                    try visit(Entry(path: inside, kind: .file, status: status))
                case .folder:
                    if source.status(of: path + "/" + SiteMarker.fileName, following: false) != nil { continue }
                    let resolved = real ?? source.realPath(path) ?? path
                    guard !walking.contains(resolved) else {
                        skipped.append(Skipped(path: inside, reason: .linkLoops(target: resolved)))
                        continue
                    }
                    let names: [[UInt8]]
                    do { names = try source.names(in: path) } catch {
                        skipped.append(Skipped(path: inside, reason: .unreadable(Self.reason(error))))
                        continue
                    }
                    try visit(Entry(path: inside, kind: .folder, status: status))
                    walking.insert(resolved)
                    try walk(path, inside, names)
                    walking.remove(resolved)
                case .link, .other:
                    continue
                }
            }
        }
        try walk(root, "", try source.names(in: root))
        return skipped.sorted { $0.path < $1.path }
    }

    /// `bytes` as text a terminal shows safely: printable ASCII as it is (but `\`), every other byte as `\xHH`.
    package static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }

    /// Why a folder could not be read, in words (the reason after the path, when the error names one).
    private static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedDescription
        if let colon = text.range(of: ": ", options: .backwards) { return String(text[colon.upperBound...]) }
        return text
    }
}
