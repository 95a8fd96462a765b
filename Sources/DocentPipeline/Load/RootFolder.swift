import DocentCore
import Foundation

/// A folder a run starts from (`--content`, `--templates`, `--package`, the cache), checked before anything reads
/// or writes it: resolved through every symbolic link, it must lie inside the folder docent runs in, unless the
/// command line names a place outside it (`/srv/docs`, `../docs`). A name inside the working folder that is — or
/// passes through — a link leading out is refused, as a link leading out of the content folder is not followed.
///
/// ```swift
/// try RootFolder.check([RootFolder("Guides", flag: "--content", given: true)], in: FileManager().currentDirectoryPath)
/// ```
public struct RootFolder: Sendable, Hashable {
    /// The path as given or derived (`content`, `content/../templates`).
    public var path: String
    /// The option that names it (`--content`), for messages.
    public var flag: String
    /// Whether the command line named it; a derived default (the templates or cache folder beside the content
    /// folder) is never an explicit choice of an outside place, so it must not be a link leading out of its parent.
    public var given: Bool

    public init(_ path: String, flag: String, given: Bool) {
        self.path = path
        self.flag = flag
        self.given = given
    }

    /// Every folder's problem at once, or nothing.
    public static func check(_ folders: [RootFolder], in workingDirectory: String) throws {
        let problems = folders.compactMap { $0.problem(in: workingDirectory) }
        if !problems.isEmpty { throw DiagnosticError(problems) }
    }

    /// The error for this folder, or `nil` when it may be used.
    public func problem(in workingDirectory: String) -> Diagnostic? {
        let work = ResolvedPath.resolve(workingDirectory, from: "/").real
        let lexical = ResolvedPath.lexical(path, from: work)
        let resolved = ResolvedPath.resolve(path, from: work)
        let anchor: String
        if ResolvedPath.contains(work, lexical) {
            anchor = work
        } else if given {
            return nil
        } else {
            anchor = ResolvedPath.resolve(ResolvedPath.parent(of: lexical), from: "/").real
        }
        if let dangling = resolved.danglingLink {
            return .rootFolderDanglingLink(flag, path, dangling: dangling)
        }
        guard !ResolvedPath.contains(anchor, resolved.real) else { return nil }
        let place = anchor == work ? "the folder docent runs in (\(work))" : "the folder it is in (\(anchor))"
        return .rootFolderLinkLeaves(flag, path, place: place, to: resolved.real)
    }
}
