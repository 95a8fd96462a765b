import DocentCore
import Foundation

extension FileSystem {
    /// Writes `files` (paths relative to `directory`) only when none of them exists yet, as a file or a folder.
    /// Otherwise it writes nothing and throws an error at the first that exists, counting the others as `more`
    /// ("… and 2 more of the theme's files"), with `advice` after "nothing was written; ". Returns the paths
    /// written, joined to `directory`.
    @discardableResult
    func writeNewFiles(_ files: [(path: String, contents: Data)], into directory: String, more: String,
                       advice: String) throws -> [String] {
        let targets = files.map { (path: ContentLoader.join(directory, $0.path), contents: $0.contents) }
        let existing = targets.map(\.path).filter { fileExists($0) || directoryExists($0) }
        if let first = existing.first {
            let others = existing.count - 1
            throw Diagnostic.wouldOverwrite(at: first, others: others, more: more, advice: advice)
        }
        for target in targets { try write(target.contents, to: target.path) }
        return targets.map(\.path)
    }
}
