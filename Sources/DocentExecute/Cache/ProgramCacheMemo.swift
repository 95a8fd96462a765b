import Foundation

/// The result-cache entries one build has already read (checked and decoded) or written, so that each entry is read
/// from disk at most once per build: merge planning, the compile and the run all ask for the same entry.
///
/// ```swift
/// let cache = try ProgramCache(directory: ".docent-cache").signed(with: secret) // remembers for this build
/// _ = cache.load(key) // reads, checks and decodes the file
/// _ = cache.load(key) // answered from memory
/// ```
/// It only ever holds what passed the signature check or what this build itself stored, so it trusts nothing the
/// cache would not; it lives as long as the `ProgramCache` value it was made for (one build), never across builds.
final class ProgramCacheMemo: @unchecked Sendable {
    private let lock = Lock()
    /// Per key: the entry read or stored, or `nil` when there was none (or none to believe).
    private var entries: [String: CachedProgram?] = [:]
    private var diskReads = 0

    /// How many entries were read from disk (each key at most once while it is remembered).
    var reads: Int { lock.withLock { diskReads } }

    /// The remembered answer for `key`, or `read()`'s, remembered.
    func entry(_ key: String, read: () -> CachedProgram?) -> CachedProgram? {
        if let known = lock.withLock({ entries[key] }) { return known }
        let found = read()
        lock.withLock {
            diskReads += 1
            entries[key] = .some(found)
        }
        return found
    }

    /// Remembers `program` as `key`'s entry once it is written, or forgets the key when the write failed, so the next
    /// load reads the disk again.
    func stored(_ program: CachedProgram, key: String, written: Bool) {
        lock.withLock { entries[key] = written ? .some(program) : nil }
    }
}
