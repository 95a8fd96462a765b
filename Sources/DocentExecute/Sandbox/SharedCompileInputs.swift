import Foundation

/// One read-only copy, per build, of what sandboxed compiles read: the modules they link and the warmed Clang module
/// cache. Made on first use in a scratch folder of its own, readable (never writable) by the sandbox's host user, and
/// mounted read-only into every compile — where each compile used to copy them into its own folder (17 MB of module
/// cache, written and removed again, per compile).
///
/// ```swift
/// let shared = SharedCompileInputs(scratch: scratch)
/// let cache = try shared.copy(of: warmedCache)      // the same copy for every compile of the build
/// shared.remove()                                  // when the build's compiles are done
/// ```
/// A read-only mount keeps one compile from changing what another reads. A compile that needs a Clang module the
/// warmed cache lacks cannot write it there; `SwiftCompiler` then compiles it again with a private, writable copy
/// (``needsWritableCache(_:)``).
final class SharedCompileInputs: @unchecked Sendable {
    private let lock = Lock()
    private let scratch: ScratchFolders
    private var folder: String?
    private var copies: [String: String] = [:]

    init(scratch: ScratchFolders) {
        self.scratch = scratch
    }

    /// The build's copy of the folder `original` (made now if it is the first time), its folders open to others for
    /// reading and passing through, its files for reading.
    func copy(of original: String) throws -> String {
        try lock.withLock {
            if let known = copies[original] { return known }
            let parent = try folder ?? scratch.createShared()
            folder = parent
            let copy = "\(parent)/\(copies.count)-\(URL(fileURLWithPath: original).lastPathComponent)"
            do {
                try FolderCopy.copy(original, to: copy)
            } catch {
                // A partial copy (a full disk) is removed, so the next compile that asks meets the same error.
                try? NoFollowFiles.removeTree(copy)
                throw error
            }
            try Self.openForReading(copy)
            try HandOver.allow(0o001, on: parent)
            copies[original] = copy
            return copy
        }
    }

    /// The copies made so far.
    var copiedFolders: [String] { lock.withLock { Array(copies.values) } }

    /// Removes the copies (a later build makes its own).
    func remove() {
        lock.withLock {
            if let folder { scratch.remove(folder, for: nil) }
            folder = nil
            copies = [:]
        }
    }

    /// Whether a compile failed only because it had to write a Clang module into the read-only cache.
    static func needsWritableCache(_ standardError: String) -> Bool {
        standardError.contains(CompileSandbox.moduleCachePath) && standardError.contains(CompilerMessages.readOnlyFileSystem)
    }

    /// Gives others read permission on every file below `path` and read and search permission on every folder,
    /// without following links.
    private static func openForReading(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw NoFollowFiles.failure(path) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            try HandOver.allow(0o005, on: path)
            for name in try FileManager().contentsOfDirectory(atPath: path) { try openForReading("\(path)/\(name)") }
        case S_IFREG:
            try HandOver.allow(0o004, on: path)
        default:
            break
        }
    }
}
