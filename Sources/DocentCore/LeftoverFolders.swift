import Foundation

/// Folders docent makes for a while (a build's staging folder, an article's scratch folder) carry the id of the
/// process that made them; a later run removes those whose maker is gone, so a killed build leaves nothing behind
/// for long, and a folder another running docent is using is never touched.
package enum LeftoverFolders {
    package static let ownerFile = ".docent-owner"

    /// Marks `folder` as made by this process.
    package static func claim(_ folder: String) {
        try? Data(String(getpid()).utf8).write(to: URL(fileURLWithPath: folder + "/" + ownerFile))
    }

    /// Removes the folders in `parent` whose names start with `prefix` and whose maker no longer runs.
    /// A folder without an owner file is left alone unless it is older than a minute (its maker may be starting).
    package static func removeAbandoned(in parent: String, prefix: String) {
        let files = FileManager()
        for name in (try? files.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            let folder = parent + "/" + name
            if let text = try? String(contentsOfFile: folder + "/" + ownerFile, encoding: .utf8) {
                guard let pid = Int32(text), pid != getpid(), !isRunning(pid) else { continue }
            } else {
                let modified = (try? files.attributesOfItem(atPath: folder)[.modificationDate] as? Date) ?? Date()
                guard Date().timeIntervalSince(modified) > 60 else { continue }
            }
            try? files.removeItem(atPath: folder)
        }
    }

    private static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
