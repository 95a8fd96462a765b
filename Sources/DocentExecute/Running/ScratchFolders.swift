import DocentCore
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
    /// Each compile's own folder (under an article's folder, or the temporary folder for module builds).
    static let compilePrefix = "docent-compile-"
    /// `FoundationProcessRunner`'s folder for a process's captured output.
    static let processPrefix = "docent-process-"

    var temporaryDirectory: String
    var activeWork: ActiveWork?

    /// A scratch folder that belongs to no article (the merged build's): removed on interruption, never named as an
    /// article that was running. `article: nil` in `remove` removes it.
    func createShared() throws -> String {
        let directory = "\(temporaryDirectory)/\(Self.prefix)\(UUID().uuidString)"
        try toolsFailure("cannot create \(directory)") {
            try FileManager().createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        LeftoverFolders.claim(directory)
        activeWork?.created(folder: directory)
        return directory
    }

    /// A fresh compile folder under `parent`, marked with this process so a later build removes it if docent is killed.
    static func compileFolder(in parent: String) throws -> String {
        let folder = "\(parent)/\(compilePrefix)\(UUID().uuidString)"
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        LeftoverFolders.claim(folder)
        return folder
    }

    /// Removes the folders of docent processes that no longer run (killed before they could remove their own).
    func removeAbandoned() {
        for prefix in [Self.prefix, Self.compilePrefix, Self.processPrefix] {
            LeftoverFolders.removeAbandoned(in: temporaryDirectory, prefix: prefix)
        }
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

    /// Removes the folder without following a link in it (the sandboxed compile wrote in its compile folders).
    func remove(_ directory: String, for article: String?) {
        try? NoFollowFiles.removeTree(directory)
        activeWork?.removed(folder: directory)
        if let article { activeWork?.ended(article: article) }
    }
}
