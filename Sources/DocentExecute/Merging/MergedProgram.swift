import Foundation

/// One program compiled into a merged executable: the executable, and the entry that `DOCENT_PROGRAM` picks in it.
///
/// ```swift
/// let outcome = try merged.outcome(placedAt: "\(scratch)/shared0")   // a hard link, named as today's executable
/// outcome.mergedEntry                                                 // "k3f9…": set DOCENT_PROGRAM to it to run
/// ```
/// Each program is its own module (`-module-name main` with an ABI name of its own, `MergedObject`), its top-level
/// code the entry function `main_docent_<entry>_main`; the dispatcher linked with them (`MergedDispatcher`) calls the
/// chosen one, in a process of its own, exactly as the program's own executable would start.
struct MergedProgram: Sendable, Hashable {
    var executable: String
    var entry: String

    /// The variable that chooses the program; the dispatcher unsets it before the program starts.
    static let variable = "DOCENT_PROGRAM"

    /// The compile outcome an article's resolver takes for the program: the merged executable linked (or copied) to
    /// `path`, so the process has the name today's executable would have.
    func outcome(placedAt path: String) throws -> CompileOutcome {
        let files = FileManager()
        try? files.removeItem(atPath: path)
        do {
            try files.linkItem(atPath: executable, toPath: path)
        } catch {
            try files.copyItem(atPath: executable, toPath: path)
        }
        return CompileOutcome(succeeded: true, executable: path, mergedEntry: entry)
    }
}
