import DocentCore
import Foundation

extension SiteWriter {
    /// Whether a build may keep the previous site as it stands when it already holds exactly the new files.
    public enum Reuse: Sendable, Hashable {
        /// Always stage the site anew and swap it in.
        case never
        /// Keep the previous site when every new file is there byte for byte and nothing else is but the marker and,
        /// when `keeping` names one, that folder (which must then hold files: the search index a build carries over
        /// when no page changed).
        case ifUnchanged(keeping: String?)
    }

    /// Whether the folder at `previous` already is what staging `files` (and the marker, and carrying `kept` over)
    /// would make: the same files byte for byte, no other file or folder, nothing hidden that a new site would drop,
    /// no link. Anything it cannot tell (a file system with no exact walk) is a no.
    func isAlreadyWritten(_ files: [OutputFile], at previous: String, keeping kept: String?) -> Bool {
        guard let tree = fileSystem.exactTree(under: previous) else { return false }
        var expected: Set<String> = [Self.marker]
        for file in files { guard expected.insert(file.path).inserted else { return false } }
        if let kept {
            // What carrying the folder over would link: its files as `files(under:)` lists them (no hidden ones).
            let keptFiles = tree.filter { $0.value && $0.key.hasPrefix(kept + "/") }.keys
            guard !keptFiles.isEmpty, keptFiles.allSatisfy({ !$0.split(separator: "/").contains { $0.hasPrefix(".") } }) else { return false }
            expected.formUnion(keptFiles)
        }
        var folders: Set<String> = []
        for path in expected {
            var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        guard tree.count == expected.count + folders.count,
              expected.allSatisfy({ tree[$0] == true }), folders.allSatisfy({ tree[$0] == false }),
              (try? fileSystem.contents(of: ContentLoader.join(previous, Self.marker))) == Self.markerContents else { return false }
        let same = files.concurrentMap { [fileSystem] file -> Bool in
            let old = try? fileSystem.contents(of: ContentLoader.join(previous, file.path))
            switch file {
            case .generated(_, let contents): return old == Data(contents.utf8)
            case .data(_, let contents): return old == contents
            case .copied(_, let source): return old != nil && (try? fileSystem.contents(of: source)) == old
            }
        }
        return same.allSatisfy { (try? $0.get()) == true }
    }
}
