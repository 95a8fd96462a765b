import DocentCore
import Foundation

/// A folder of compiled modules, one subfolder per key, shared by every `docent` process of the user.
///
/// An entry is built in a temporary folder and renamed into place, so two processes racing to build the same
/// entry both end up using one complete copy. Its `.complete` file lists a hash of every file in it; an entry whose
/// files no longer match (damaged, truncated, half-deleted) is removed and built again.
struct ModuleCache: Sendable {
    static let manifestName = ".complete"

    var directory: String

    /// The folder for `name-key`, built by `build` (given an empty folder) if it is not there yet or is damaged.
    /// With a `toolchain`, the entry records which toolchain built it, and entries of the same name that another
    /// toolchain built are pruned.
    func entry(_ name: String, key: String, toolchain: String? = nil, build: (String) throws -> Void) throws -> String {
        let final = try completeEntry(name, key: key) { directory in
            if let toolchain { try Data(toolchain.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(Self.toolchainFile)")) }
            try build(directory)
        }
        if let toolchain { prune(name, keeping: final, toolchain: toolchain) }
        return final
    }

    /// The folder for `name-key`, sound (its manifest matches) or built anew.
    private func completeEntry(_ name: String, key: String, build: (String) throws -> Void) throws -> String {
        let files = DiskScratch()
        let final = "\(directory)/\(name)-\(key)"
        if let manifest = try? String(contentsOfFile: final + "/" + Self.manifestName, encoding: .utf8) {
            if manifest == Self.manifest(of: final) { return final }
            try? files.remove(final) // damaged: build it again
        }
        try files.makeFolder(directory)
        let scratch = "\(directory)/.building-\(name)-\(UUID().uuidString)"
        try files.makeFolder(scratch)
        defer { try? files.remove(scratch) }
        try build(scratch)
        try Data(Self.manifest(of: scratch).utf8).write(to: URL(fileURLWithPath: scratch + "/" + Self.manifestName))
        if rename(scratch, final) != 0 {
            // Another process finished first, or an incomplete entry was left by a crash: keep a sound one.
            let existing = try? String(contentsOfFile: final + "/" + Self.manifestName, encoding: .utf8)
            if existing == nil || existing != Self.manifest(of: final) {
                try? files.remove(final)
                try files.move(scratch, to: final)
            }
        }
        return final
    }

    /// Removes the entries named `name-…` other than `keep` that were built by another toolchain (their `toolchain`
    /// file differs from `toolchain`): a cache shared across upgrades would otherwise grow for ever.
    func prune(_ name: String, keeping keep: String, toolchain: String) {
        let files = DiskScratch()
        for entry in (try? files.names(in: directory)) ?? [] where entry.hasPrefix(name + "-") {
            let path = directory + "/" + entry
            guard path != keep else { continue }
            let built = try? String(contentsOfFile: path + "/" + Self.toolchainFile, encoding: .utf8)
            if built != toolchain { try? files.remove(path) }
        }
    }

    /// The file in an entry naming the toolchain that built it.
    static let toolchainFile = "toolchain"

    /// One line per file of the folder (the manifest itself excepted): its relative path and a hash of its bytes.
    static func manifest(of folder: String) -> String {
        let files = FileManager()
        let paths = ((files.enumerator(atPath: folder)?.allObjects as? [String]) ?? [])
            .filter { $0 != manifestName && !isDirectory(folder + "/" + $0) }
            .sorted()
        return paths.map { path in
            var hash = StableHash()
            hash.combine(bytes: (try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))) ?? Data())
            return "\(hash.hex) \(path)\n"
        }.joined()
    }

    private static func isDirectory(_ path: String) -> Bool { DiskScratch().isFolder(path) }
}
