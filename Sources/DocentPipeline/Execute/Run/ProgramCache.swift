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
/// removed and ignored, never believed. A cache without a secret (as the CLI describes it, before
/// `ToolchainBuilder` gives it the user's) believes nothing and keeps nothing.
public struct ProgramCache: Sendable, Hashable {
    public var directory: String
    /// What entries are signed with; `nil` until `ToolchainBuilder` reads the user's.
    var secret: CacheSecret?

    public init(directory: String) {
        self.directory = directory
    }

    init(directory: String, secret: CacheSecret) {
        self.directory = directory
        self.secret = secret
    }

    /// This cache, signing and checking its entries with `secret`.
    func signed(with secret: CacheSecret) -> ProgramCache {
        ProgramCache(directory: directory, secret: secret)
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

    func load(_ key: String) -> CachedProgram? {
        guard let secret else { return nil }
        let path = self.path(key)
        guard let data = FileManager().contents(atPath: path),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.key == key, HMAC.equal(Array(entry.mac), Self.mac(key: key, payload: entry.payload, secret: secret)),
              let program = try? JSONDecoder().decode(CachedProgram.self, from: entry.payload) else {
            if FileManager().fileExists(atPath: path) { try? FileManager().removeItem(atPath: path) } // damaged or forged
            return nil
        }
        return program
    }

    func store(_ program: CachedProgram, key: String) {
        let files = FileManager()
        guard let secret, let payload = try? JSONEncoder().encode(program),
              let data = try? JSONEncoder().encode(Entry(key: key, mac: Data(Self.mac(key: key, payload: payload, secret: secret)),
                                                         payload: payload)),
              (try? files.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return }
        let temporary = "\(directory)/.\(key).\(UUID().uuidString)"
        guard files.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path(key)) != 0 { try? files.removeItem(atPath: temporary) }
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
