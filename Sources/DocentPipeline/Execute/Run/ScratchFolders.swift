import Foundation

/// The scratch folders articles are compiled and run in: one per article run, under the temporary folder, made
/// known to `ActiveWork` (so an interruption removes it) and claimed against leftovers (so a later build removes
/// one a killed docent left behind).
///
/// ```swift
/// let folder = try scratch.create(for: "content/x.md")
/// defer { scratch.remove(folder, for: "content/x.md") }
/// ```
struct ScratchFolders: Sendable {
    static let prefix = "docent-run-"

    var temporaryDirectory: String
    var activeWork: ActiveWork?

    /// Removes the folders of docent processes that no longer run.
    func removeAbandoned() {
        LeftoverFolders.removeAbandoned(in: temporaryDirectory, prefix: Self.prefix)
    }

    func create(for article: String) throws -> String {
        let directory = "\(temporaryDirectory)/\(Self.prefix)\(UUID().uuidString)"
        try toolsFailure("cannot create \(directory)") {
            try FileManager().createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        LeftoverFolders.claim(directory)
        activeWork?.created(folder: directory)
        activeWork?.began(article: article)
        return directory
    }

    func remove(_ directory: String, for article: String) {
        try? FileManager().removeItem(atPath: directory)
        activeWork?.removed(folder: directory)
        activeWork?.ended(article: article)
    }
}
