import DocentCore
import Foundation

/// Where one package is built, kept between builds so SwiftPM's build stays incremental:
/// `<temporary folder>/docent-package-<uid>-<key>/`, holding the package's copy, the wrapper package, SwiftPM's
/// build folder and the home folder SwiftPM runs with. It is under the temporary folder because the sandbox's
/// unprivileged user must reach it (a root's home is closed to it).
///
/// Private: the folder is docent's user's, mode `0700` (`0710` with the sandbox user's group when docent is root,
/// so the sandbox can pass through it and nobody else can), made by docent and used again only when it still is
/// a real folder of docent's user that no one else may write (never a link planted by another). Its parts are the
/// sandbox user's, mode `0700`; the sandbox may write in them, so docent never follows a link in them: the copy
/// and the wrapper are made anew in folders docent has just made (`PackageTree.mirror`,
/// `PackageBuilder.writeWrapper`), and what docent reads back from the build is read without following links
/// (`NoFollowFiles`).
///
/// What docent remembers of a build (`PackageBuildState`) is not kept here: the sandboxed build can write here.
struct PackageWorkFolder: Sendable, Hashable {
    var root: String

    var copy: String { "\(root)/\(PackageLinkWrapper.dependencyName)" }
    var wrapper: String { "\(root)/wrapper" }
    var build: String { "\(root)/build" }
    var home: String { "\(root)/home" }
    /// SwiftPM's build folder for describing the documented package itself (its own root, so kept apart).
    var describe: String { "\(root)/describe" }

    /// Makes (or checks) the folder for `key`, its parts handed to `user` when the sandbox starts as one.
    static func prepare(in temporaryDirectory: String, key: String, user: BubblewrapSandbox.HostUser?) throws -> PackageWorkFolder {
        let work = PackageWorkFolder(root: "\(temporaryDirectory)/docent-package-\(geteuid())-\(key)")
        try toolsFailure("cannot prepare the package's build folder \(work.root)") {
            if mkdir(work.root, 0o700) != 0 {
                guard errno == EEXIST else { throw NoFollowFiles.failure(work.root) }
                var status = stat()
                guard lstat(work.root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(),
                      status.st_mode & 0o022 == 0 else {
                    throw DiagnosticError([PackageDiagnostics.workFolderForeign(work.root)])
                }
            }
            // The folder was made by docent's user, or checked to be theirs and writable by no one else: no one
            // else can put a link in it, so the names below are docent's own.
            guard fchownat(AT_FDCWD, work.root, geteuid(), user?.gid ?? getegid(), AT_SYMLINK_NOFOLLOW) == 0,
                  chmod(work.root, user == nil ? 0o700 : 0o710) == 0 else { throw NoFollowFiles.failure(work.root) }
            for folder in [work.wrapper, work.build, work.home, work.describe] {
                var status = stat()
                if lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
                   status.st_uid == user?.uid ?? geteuid() { continue }
                try NoFollowFiles.removeTree(folder)
                try NoFollowFiles.makeFolder(folder, mode: 0o700)
                if let user { try HandOver.give(folder, to: user) }
            }
        }
        return work
    }

    /// Makes `folder` (a part of this work folder) anew and empty, docent's own until it is handed over: whatever
    /// the sandbox left there (links included) is removed without being followed.
    func remake(_ folder: String) throws {
        try NoFollowFiles.removeTree(folder)
        try NoFollowFiles.makeFolder(folder, mode: 0o700)
    }

    /// Maps a path inside the copy back to the package's own folder (for messages).
    func original(_ path: String, package: String) -> String {
        path.hasPrefix(copy + "/") ? package + path.dropFirst(copy.count) : path
    }
}
