import Foundation

/// A folder of compiled modules, one subfolder per key, shared by every `docent` process of the user.
///
/// An entry is built in a temporary folder and renamed into place, so two processes racing to build the same
/// entry both end up using one complete copy.
struct ModuleCache: Sendable {
    var directory: String

    /// The folder for `name-key`, built by `build` (given an empty folder) if it is not there yet.
    func entry(_ name: String, key: String, build: (String) throws -> Void) throws -> String {
        let files = FileManager()
        let final = "\(directory)/\(name)-\(key)"
        if files.fileExists(atPath: final + "/.complete") { return final }
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let scratch = "\(directory)/.building-\(name)-\(UUID().uuidString)"
        try files.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? files.removeItem(atPath: scratch) }
        try build(scratch)
        try Data().write(to: URL(fileURLWithPath: scratch + "/.complete"))
        if rename(scratch, final) != 0, !files.fileExists(atPath: final + "/.complete") {
            // An incomplete entry left by a crash: replace it.
            try? files.removeItem(atPath: final)
            try files.moveItem(atPath: scratch, toPath: final)
        }
        return final
    }
}
