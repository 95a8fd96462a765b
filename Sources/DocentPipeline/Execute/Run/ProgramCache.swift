import DocentCore
import Foundation

/// What compiling and running article programs gave, kept between builds under each program's cache key
/// (`PlanContext.cacheKey(for:)`: docent's version, the tools, the settings and the program's source).
///
/// ```swift
/// let cache = ProgramCache(directory: "content/../.docent-cache")
/// let compiler = CachingCompiler(base: swiftCompiler, cache: cache)
/// let programs = CachingProgramExecutor(base: localExecutor, cache: cache)
/// ```
/// One entry per program: its compile outcome, and its run's once it ran. Each entry is one file written through
/// a temporary file and a rename; it repeats its key and carries a hash of its payload, so a damaged, half-written
/// or foreign entry is detected, removed and ignored, never believed.
public struct ProgramCache: Sendable, Hashable {
    public var directory: String

    public init(directory: String) {
        self.directory = directory
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
        let path = self.path(key)
        guard let data = FileManager().contents(atPath: path),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.key == key, SHA256.hex(entry.payload) == entry.payloadHash,
              let program = try? JSONDecoder().decode(CachedProgram.self, from: entry.payload) else {
            if FileManager().fileExists(atPath: path) { try? FileManager().removeItem(atPath: path) } // damaged
            return nil
        }
        return program
    }

    func store(_ program: CachedProgram, key: String) {
        let files = FileManager()
        guard let payload = try? JSONEncoder().encode(program),
              let data = try? JSONEncoder().encode(Entry(key: key, payloadHash: SHA256.hex(payload), payload: payload)),
              (try? files.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return }
        let temporary = "\(directory)/.\(key).\(UUID().uuidString)"
        guard files.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path(key)) != 0 { try? files.removeItem(atPath: temporary) }
    }

    private func path(_ key: String) -> String { "\(directory)/\(key).json" }

    /// An entry as stored.
    private struct Entry: Codable {
        var key: String
        var payloadHash: String
        var payload: Data
    }
}

/// A program's compile outcome (its executable's path dropped) and, once it ran, the run's outcome.
struct CachedProgram: Codable, Hashable {
    var compile: CompileOutcome
    var run: ProgramOutcome?
}
