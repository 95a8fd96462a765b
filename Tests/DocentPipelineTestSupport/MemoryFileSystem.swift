import DocentCore
import DocentPipeline
import Foundation

/// The user's files held in memory, as swift-docc's `TestFileSystem`: the whole pipeline (Load … Write) runs on it
/// with no disk, and ``FolderWalker`` walks it by the same rules as the disk (it is a ``FolderSource`` too).
///
/// ```swift
/// let files = MemoryFileSystem(["/site/content/index.md": "# Home\n"])
/// try ContentLoader(fileSystem: files).load(from: "/site/content")
/// files.text("/site/output/index.html")
/// ```
/// Paths are absolute (a relative one is taken from `/`); `unreadable` folders throw when listed, as a folder
/// without permission does.
public final class MemoryFileSystem: FileSystem, FolderSource, @unchecked Sendable {
    /// One entry.
    public enum Node: Sendable, Hashable { case file(Data), folder, link(String) }

    private let lock = NSLock()
    private var nodes: [String: Node] = ["/": .folder]
    /// Folders whose listing fails.
    public var unreadable: Set<String> {
        get { lock.withLock { unreadableFolders } }
        set { lock.withLock { unreadableFolders = Set(newValue.map(Self.normalized)) } }
    }
    private var unreadableFolders: Set<String> = []

    /// `files`: path → text; their folders are made.
    public init(_ files: [String: String] = [:]) {
        for (path, text) in files { try? write(Data(text.utf8), to: path) }
    }

    /// Every entry, by normalized path.
    public var all: [String: Node] { lock.withLock { nodes } }

    /// The text of the file at `path`, or `nil`.
    public func text(_ path: String) -> String? {
        (try? contents(of: path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A symbolic link at `path` holding `destination` (relative to the link's folder unless absolute).
    public func link(_ path: String, to destination: String) {
        let path = Self.normalized(path)
        lock.withLock {
            makeParents(path)
            nodes[path] = .link(destination)
        }
    }

    // MARK: FileSystem

    public func contents(of path: String) throws -> Data {
        guard case .file(let data) = lock.withLock({ nodes[resolve(path)] }) else { throw Self.missing(path) }
        return data
    }

    public func write(_ data: Data, to path: String) throws { try createFile(data, at: path) }

    public func files(under directory: String) throws -> [String] { try listing(under: directory).files }

    public func listing(under directory: String) throws -> FolderListing {
        let walk = try FolderWalker(source: self).walk(Self.normalized(directory))
        return FolderListing(files: walk.files, skipped: walk.skipped)
    }

    public func fileExists(_ path: String) -> Bool { status(of: path, following: true)?.kind == .file }

    public func directoryExists(_ path: String) -> Bool { status(of: path, following: true)?.kind == .folder }

    public func directoryIsEmpty(_ path: String) -> Bool { ((try? names(in: path)) ?? [[1]]).isEmpty }

    public func createDirectory(_ path: String) throws {
        let path = Self.normalized(path)
        lock.withLock {
            makeParents(path)
            if nodes[path] == nil { nodes[path] = .folder }
        }
    }

    public func copyItem(from source: String, to destination: String) throws {
        try lock.withLock {
            let (source, destination) = (resolve(source), Self.normalized(destination))
            guard nodes[source] != nil else { throw Self.missing(source) }
            guard nodes[destination] == nil else { throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: destination]) }
            makeParents(destination)
            for (path, node) in subtree(source) { nodes[destination + path.dropFirst(source.count)] = node }
        }
    }

    public func createFile(_ data: Data, at path: String) throws {
        let path = Self.normalized(path)
        lock.withLock {
            makeParents(path)
            nodes[path] = .file(data)
        }
    }

    public func linkItem(from source: String, to destination: String) throws {
        try createFile(try contents(of: source), at: destination)
    }

    public func moveItem(from source: String, to destination: String) throws {
        try lock.withLock {
            let (source, destination) = (Self.normalized(source), Self.normalized(destination))
            guard nodes[source] != nil else { throw Self.missing(source) }
            guard nodes[destination] == nil else { throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: destination]) }
            makeParents(destination)
            for (path, node) in subtree(source) {
                nodes[path] = nil
                nodes[destination + path.dropFirst(source.count)] = node
            }
        }
    }

    public func removeItem(_ path: String) throws {
        try lock.withLock {
            let path = Self.normalized(path)
            guard nodes[path] != nil else { throw Self.missing(path) }
            for (inside, _) in subtree(path) { nodes[inside] = nil }
        }
    }

    // MARK: FolderSource

    package func names(in folder: String) throws -> [[UInt8]] {
        try lock.withLock {
            let folder = resolve(folder)
            guard nodes[folder] == .folder else { throw Self.missing(folder) }
            guard !unreadableFolders.contains(folder) else {
                throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: folder,
                                                                   NSLocalizedDescriptionKey: "cannot read the folder \(folder): Permission denied"])
            }
            let prefix = folder == "/" ? "/" : folder + "/"
            return nodes.keys.filter { $0.hasPrefix(prefix) && $0 != folder && !$0.dropFirst(prefix.count).contains("/") }
                .map { Array($0.dropFirst(prefix.count).utf8) }
        }
    }

    package func status(of path: String, following: Bool) -> FolderEntryStatus? {
        lock.withLock {
            let path = following ? resolve(path) : resolveParent(path)
            switch nodes[path] {
            case .file(let data): return FolderEntryStatus(kind: .file, size: data.count, modified: Int64(data.hashValue & 0xFFFF))
            case .folder: return FolderEntryStatus(kind: .folder, mode: 0o755)
            case .link: return FolderEntryStatus(kind: .link, mode: 0o777)
            case nil: return nil
            }
        }
    }

    package func realPath(_ path: String) -> String? {
        lock.withLock {
            let resolved = resolve(path)
            return nodes[resolved] == nil ? nil : resolved
        }
    }

    package func linkDestination(_ path: String) -> String? {
        guard case .link(let destination) = lock.withLock({ nodes[resolveParent(path)] }) else { return nil }
        return destination
    }

    // MARK: Paths

    /// Absolute, without `.`, `..`, doubled or trailing slashes (links not resolved).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` with every link resolved (at most 40 links, as Linux allows); a missing part is kept as written.
    private func resolve(_ path: String, depth: Int = 0) -> String {
        var current = "/"
        for part in Self.normalized(path).split(separator: "/") {
            let next = current == "/" ? "/\(part)" : "\(current)/\(part)"
            if case .link(let destination) = nodes[next], depth < 40 {
                current = resolve(destination.hasPrefix("/") ? destination : "\(current)/\(destination)", depth: depth + 1)
            } else {
                current = next
            }
        }
        return current
    }

    /// `path` with its folders' links resolved, the last part not.
    private func resolveParent(_ path: String) -> String {
        let path = Self.normalized(path)
        guard let slash = path.lastIndex(of: "/"), path != "/" else { return path }
        let parent = resolve(String(path[..<slash]))
        return (parent == "/" ? "" : parent) + path[slash...]
    }

    private func makeParents(_ path: String) {
        var folder = "/"
        for part in path.split(separator: "/").dropLast() {
            folder = folder == "/" ? "/\(part)" : "\(folder)/\(part)"
            if nodes[folder] == nil { nodes[folder] = .folder }
        }
    }

    private func subtree(_ root: String) -> [(String, Node)] {
        nodes.filter { $0.key == root || $0.key.hasPrefix(root + "/") }.map { ($0.key, $0.value) }
    }

    private static func missing(_ path: String) -> CocoaError {
        CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
}
