import DocentCore
import Foundation

/// Where one package is built, kept between builds so SwiftPM's build stays incremental:
/// `<temporary folder>/docent-package-<uid>-<key>/`, holding the package's copy, the wrapper package, SwiftPM's
/// build folder and the home folder SwiftPM runs with. It is under the temporary folder because the sandbox's
/// unprivileged user must reach it (a root's home is closed to it); docent makes it, and uses one it finds only if
/// it is a real folder of docent's own user (never a link planted by another).
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
            if mkdir(work.root, 0o755) != 0 {
                guard errno == EEXIST else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: work.root]) }
                var status = stat()
                guard lstat(work.root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(),
                      status.st_mode & 0o022 == 0 else {
                    throw DiagnosticError([.error(at: nil, "\(work.root) is not a folder docent made",
                                                  notes: ["remove it, then build again"])])
                }
            }
            _ = chmod(work.root, 0o755)
            for folder in [work.wrapper, work.build, work.home, work.describe] where !FileManager().fileExists(atPath: folder) {
                try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: false)
                if let user { try HandOver.give(folder, to: user) }
            }
        }
        return work
    }

    /// Maps a path inside the copy back to the package's own folder (for messages).
    func original(_ path: String, package: String) -> String {
        path.hasPrefix(copy + "/") ? package + path.dropFirst(copy.count) : path
    }
}
