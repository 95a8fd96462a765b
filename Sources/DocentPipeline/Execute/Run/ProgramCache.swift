import DocentCore
import Foundation

/// What compiling and running one article program gave, stored under a SHA-256 of everything the outcome depends
/// on: docent's version, the toolchain, runtime and support fingerprints, the article's settings, the program's
/// plan (its source numbers lines by snippet, so prose edits change nothing) and whether it ran sandboxed.
///
/// ```swift
/// let cache = ProgramCache(directory: "content/../.docent-cache")
/// let key = cache.key(for: program, fingerprints: fingerprints, settings: settings, supportModule: nil, sandboxed: true)
/// if let hit = cache.load(key) { … } else { …; cache.store(CachedProgram(compile: compiled, run: ran), key: key) }
/// ```
/// Each entry is one file written through a temporary file and a rename; it repeats its key and carries a hash
/// of its payload, so a damaged, half-written or foreign entry is detected and ignored, never believed.
public struct ProgramCache: Sendable, Hashable {
    public var directory: String
    /// The docent version in every key: a new docent never believes an older one's entries.
    var docentVersion = Pipeline.version

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

    /// The key of `program`, built with these tools and run with these settings.
    func key(for program: ProgramPlan, fingerprints: ToolchainFingerprints, settings: ExecutionSettings,
             supportModule: String?, sandboxed: Bool) -> String {
        struct Inputs: Encodable {
            var docent: String
            var fingerprints: ToolchainFingerprints
            var settings: ExecutionSettings
            var supportModule: String?
            var program: ProgramPlan
            var sandboxed: Bool
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let inputs = Inputs(docent: docentVersion, fingerprints: fingerprints, settings: settings,
                            supportModule: supportModule, program: program, sandboxed: sandboxed)
        return SHA256.hex((try? encoder.encode(inputs)) ?? Data())
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

/// A program's compile outcome (its executable's path dropped) and, when it ran, the run's outcome.
struct CachedProgram: Codable, Hashable {
    var compile: CompileOutcome
    var run: ProgramOutcome?
}
