import DocentCore
import Foundation

/// Which of a package's symbolic links its copy may keep: a relative link that leads, as the system resolves it
/// (through any other links), to a file or folder inside the package. Any other — absolute, leading out of the
/// package, or to nothing — is refused with an error at the link naming where it leads, since a copied link to
/// `/root/secret` would be followed by whatever reads the copy.
///
/// ```swift
/// let links = try PackageLinks(folder: "/work/pkg")
/// links.refusal(path: "Package.resolved", destination: "/root/secret")   // an error at /work/pkg/Package.resolved
/// ```
struct PackageLinks {
    /// The package folder, as given.
    var folder: String
    /// The package folder with every link in its path resolved.
    var resolvedFolder: String

    init(folder: String) throws {
        self.folder = folder
        guard let resolved = Self.resolve(folder) else { throw NoFollowFiles.failure(folder) }
        resolvedFolder = resolved
    }

    /// `nil` when the link at `path` (relative to the package) may be copied, else the error refusing it.
    func refusal(path: String, destination: String) -> Diagnostic? {
        let location = SourceLocation(path: PackageBuildFailure.shown(folder) + path)
        let resolved = Self.resolve("\(folder)/\(path)")
        let inside = resolved.map { ResolvedPath.contains(resolvedFolder, $0) } ?? false
        if inside, !destination.hasPrefix("/") { return nil }
        let leadsTo = resolved.map { inside ? "an absolute path (\($0))" : "\($0), outside the package" } ?? "nothing"
        return PackageDiagnostics.linkRefused(path, to: destination, leadsTo: leadsTo, at: location)
    }

    /// The bytes of the file `path` (relative to the package) when it is there: through a link only when it leads
    /// inside the package (else the error `refusal` gives), the file itself opened without following one.
    func read(_ path: String, limit: Int) throws -> Data? {
        var status = stat()
        guard lstat("\(folder)/\(path)", &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFLNK {
            let destination = DiskFolders().linkDestination("\(folder)/\(path)") ?? ""
            if let refused = refusal(path: path, destination: destination) { throw DiagnosticError([refused]) }
        }
        guard let resolved = Self.resolve("\(folder)/\(path)") else { return nil }
        let parent = URL(fileURLWithPath: resolved).deletingLastPathComponent().path
        return try NoFollowFiles.read(URL(fileURLWithPath: resolved).lastPathComponent, in: parent, limit: limit)
    }

    /// `path` with every link resolved (`realpath`); `nil` when it leads to nothing.
    private static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
