import DocentCore
import Foundation

/// What compiling and running article programs gave, kept between builds under each program's cache key
/// (`PlanContext.cacheKey(for:)`: docent's version, the tools, the settings and the program's source).
///
/// ```swift
/// let cache = ProgramCache(directory: "content/../.docent-cache", secret: try CacheSecretStore(folder: cacheFolder).secret())
/// let compiler = CachingCompiler(base: swiftCompiler, cache: cache)
/// let programs = CachingProgramExecutor(base: localExecutor, cache: cache)
/// ```
/// One entry per program: its compile outcome, and its run's once it ran. Each entry is one file written through
/// a temporary file and a rename; it repeats its key and carries an HMAC-SHA256 of that key and its payload under
/// the user's secret (`CacheSecretStore`, kept outside the repository), so a damaged, half-written or foreign
/// entry — committed, copied from another machine or user, or written in the old unsigned format — is detected,
/// removed and ignored, never believed. A signed cache remembers, for its build, each entry it read or wrote
/// (`ProgramCacheMemo`), so merge planning, the compile and the run read an entry from disk once. A cache without a secret (as the CLI describes it, before
/// `ToolchainBuilder` gives it the user's) believes nothing and keeps nothing.
public struct ProgramCache: Sendable, Hashable {
    public var directory: String
    /// What entries are signed with; `nil` until `ToolchainBuilder` reads the user's.
    var secret: CacheSecret?
    /// The entries this build read or wrote; `nil` for a cache that reads the disk every time.
    var memo: ProgramCacheMemo?

    public init(directory: String) {
        self.directory = directory
    }

    init(directory: String, secret: CacheSecret) {
        self.directory = directory
        self.secret = secret
    }

    /// This cache, signing and checking its entries with `secret`; an error at the cache folder when it is a
    /// symbolic link (a committed `.docent-cache` link would have docent write wherever it leads) or not a folder.
    func signed(with secret: CacheSecret) throws -> ProgramCache {
        try checkFolder()
        return ProgramCache(directory: directory, secret: secret).remembering()
    }

    /// This cache, remembering from now on each entry it reads or writes (a fresh memory, for one build).
    func remembering() -> ProgramCache {
        var copy = self
        copy.memo = ProgramCacheMemo()
        return copy
    }

    public static func == (lhs: ProgramCache, rhs: ProgramCache) -> Bool {
        lhs.directory == rhs.directory && lhs.secret == rhs.secret
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(directory)
        hasher.combine(secret)
    }

    /// Throws a located error when `directory` is there but is a symbolic link or not a folder.
    func checkFolder() throws {
        var status = stat()
        guard lstat(directory, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return
        case S_IFLNK:
            let destination = DiskFolders().linkDestination(directory) ?? "?"
            throw DiagnosticError([ToolchainDiagnostics.cacheIsLink(directory, to: destination)])
        default:
            throw DiagnosticError([ToolchainDiagnostics.cacheNotAFolder(directory)])
        }
    }

    /// The cache in `directory` if given, else `.docent-cache` beside the content folder.
    public init(directory: String?, content: String) {
        if let directory {
            self.init(directory: directory)
        } else {
            let parent = URL(fileURLWithPath: content).standardizedFileURL.deletingLastPathComponent().path
            self.init(directory: parent + "/.docent-cache")
        }
    }

    /// The entry for `key`, read without following a link (an entry that is a link, or not a regular file, is
    /// removed like a damaged one).
    func load(_ key: String) -> CachedProgram? {
        guard let memo else { return read(key) }
        return memo.entry(key) { read(key) }
    }

    /// The entry for `key` as the disk holds it, checked and decoded; a damaged or forged one is removed.
    private func read(_ key: String) -> CachedProgram? {
        guard let secret, let folder = openFolder() else { return nil }
        defer { close(folder) }
        let name = "\(key).json"
        guard let data = Self.read(name, in: folder),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.key == key, HMAC.equal(Array(entry.mac), Self.mac(key: key, payload: entry.payload, secret: secret)),
              let program = try? JSONDecoder().decode(CachedProgram.self, from: entry.payload) else {
            _ = unlinkat(folder, name, 0) // damaged or forged (a folder there stays)
            return nil
        }
        return program
    }

    /// Writes the entry through a new temporary file (`O_EXCL | O_NOFOLLOW`) renamed into place, in the cache folder
    /// opened without following a link: a link there, at the folder or in it, is never written through.
    func store(_ program: CachedProgram, key: String) {
        guard let secret, let payload = try? JSONEncoder().encode(program),
              let data = try? JSONEncoder().encode(Entry(key: key, mac: Data(Self.mac(key: key, payload: payload, secret: secret)),
                                                         payload: payload)) else { return }
        let parent = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        _ = try? DiskScratch().makeFolder(parent)
        _ = mkdir(directory, 0o755)
        guard let folder = openFolder() else { return }
        defer { close(folder) }
        let temporary = ".\(key).\(UUID().uuidString)"
        let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let written = (try? NoFollowFiles.writeAll(data, to: descriptor, path: "\(directory)/\(temporary)")) != nil
        close(descriptor)
        let renamed = written && renameat(folder, temporary, folder, "\(key).json") == 0
        if !renamed { _ = unlinkat(folder, temporary, 0) }
        memo?.stored(program, key: key, written: renamed)
    }

    /// The cache folder, opened without following a link; `nil` when it is not there or is not a real folder.
    private func openFolder() -> Int32? {
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        return folder >= 0 ? folder : nil
    }

    /// A regular file's bytes, opened without following a link or blocking (a pipe there is no entry).
    private static func read(_ name: String, in folder: Int32) -> Data? {
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? NoFollowFiles.readAll(descriptor, path: name, limit: Int(status.st_size))
    }

    private func path(_ key: String) -> String { "\(directory)/\(key).json" }

    /// The code that signs `payload` under `key`: the key's length, so no key and payload pair reads as another,
    /// then the key, then the payload, after a label that no other use of the secret shares.
    static func mac(key: String, payload: Data, secret: CacheSecret) -> [UInt8] {
        let keyBytes = Array(key.utf8)
        let length = UInt64(keyBytes.count)
        let message = Array("docent result cache entry\0".utf8) + (0..<8).map { UInt8(truncatingIfNeeded: length >> (56 - $0 * 8)) }
            + keyBytes + Array(payload)
        return HMAC.sha256(key: secret.bytes, message: message)
    }

    /// An entry as stored.
    private struct Entry: Codable {
        var key: String
        var mac: Data
        var payload: Data
    }
}

/// A program's compile outcome (its executable's path dropped) and, once it ran, the run's outcome.
struct CachedProgram: Codable, Hashable {
    var compile: CompileOutcome
    var run: ProgramOutcome?
}
