import DocentCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The result cache's signing key: 32 random bytes in `result-cache.key` in the user's cache folder
/// (`ExecutionEnvironment.cacheDirectory`), made once per user and read back by every build.
///
/// ```swift
/// let secret = try CacheSecretStore(folder: environment.cacheDirectory).secret()
/// let cache = ProgramCache(directory: ".docent-cache", secret: secret)
/// ```
/// A new key is written to a temporary file with mode 0600 and hard-linked into place, which never replaces a key
/// that is already there: of several processes making one at once, one wins and the others read the winner's.
/// A key file that cannot be trusted — not a regular file, not the user's, readable by others, unreadable or not
/// 32 bytes — is removed and replaced; that costs one recompile of every program, never a wrong result. Only when
/// the folder does not let a key be made is it an error (naming the file), since a cache without a key believes nothing.
struct CacheSecretStore {
    static let fileName = "result-cache.key"
    static let size = 32

    /// The user's cache folder.
    var folder: String

    var path: String { folder + "/" + Self.fileName }

    /// The key, read from its file or made now.
    func secret() throws -> CacheSecret {
        try checkFolder()
        var reasons: [String] = []
        for _ in 0..<3 {
            switch read() {
            case .found(let secret):
                return secret
            case .missing:
                break
            case .unusable(let reason):
                reasons.append(reason)
                if unlink(path) != 0, errno != ENOENT { throw failure("cannot replace it (\(reason)): \(Self.errorText())") }
            }
            if let made = try create() { return made }
        }
        throw failure("it kept changing while docent read it" + (reasons.last.map { " (\($0))" } ?? ""))
    }

    /// What is at `path`.
    enum Reading {
        case found(CacheSecret)
        case missing
        case unusable(String)
    }

    /// The key file, opened without following a symbolic link and checked before a byte of it is believed.
    func read() -> Reading {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unusable("cannot open it: \(Self.errorText())")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .unusable("cannot read its status: \(Self.errorText())") }
        guard status.st_mode & S_IFMT == S_IFREG else { return .unusable("it is not a regular file") }
        guard status.st_uid == geteuid() else { return .unusable("it belongs to uid \(status.st_uid), not to \(geteuid())") }
        guard status.st_mode & 0o077 == 0 else { return .unusable("others may read it (mode \(String(status.st_mode & 0o777, radix: 8)))") }
        guard status.st_size == Self.size else { return .unusable("it holds \(status.st_size) bytes, not \(Self.size)") }
        var bytes = [UInt8](repeating: 0, count: Self.size + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return .unusable("cannot read it: \(Self.errorText())") }
            if got == 0 { break }
            count += got
        }
        guard count == Self.size else { return .unusable("it holds \(count) bytes, not \(Self.size)") }
        return .found(CacheSecret(bytes: Array(bytes.prefix(Self.size))))
    }

    /// A new key linked into place; `nil` when another process put one there first (the caller reads that one).
    func create() throws -> CacheSecret? {
        do {
            try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true,
                                              attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure("cannot create its folder: \(FileErrorText.describe(error))")
        }
        var generator = SystemRandomNumberGenerator()
        let secret = CacheSecret(bytes: (0..<Self.size).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let temporary = "\(folder)/.\(Self.fileName).\(UUID().uuidString)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary): \(Self.errorText())") }
        defer { unlink(temporary) }
        let written = secret.bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        let synced = written == Self.size && fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        let problem = Self.errorText()
        close(descriptor)
        guard synced else { throw failure("cannot write \(temporary): \(problem)") }
        if link(temporary, path) == 0 { return secret }
        if errno == EEXIST { return nil }
        throw failure("cannot link \(temporary) to it: \(Self.errorText())")
    }

    /// The folder, when it is there, must be a real folder (not a link) of docent's user that no other user may
    /// write in (group-writable only for the user's own group): else another user could put the key, or a link
    /// where docent writes, in it.
    func checkFolder() throws {
        var status = stat()
        guard lstat(folder, &status) == 0 else { return }
        let problem: String? = if status.st_mode & S_IFMT == S_IFLNK {
            "its folder is a symbolic link (to \(DiskFolders().linkDestination(folder) ?? "?"))"
        } else if status.st_mode & S_IFMT != S_IFDIR {
            "its folder is not a folder"
        } else if status.st_uid != geteuid() {
            "its folder belongs to uid \(status.st_uid), not to \(geteuid())"
        } else if status.st_mode & 0o002 != 0 || (status.st_mode & 0o020 != 0 && status.st_gid != getegid()) {
            "other users may write in its folder (mode \(String(status.st_mode & 0o777, radix: 8)))"
        } else {
            nil
        }
        if let problem {
            throw DiagnosticError([ToolchainDiagnostics.cacheFolderUnusable(folder, problem: problem)])
        }
    }

    private func failure(_ reason: String) -> DiagnosticError {
        DiagnosticError([ToolchainDiagnostics.cacheKeyUnusable(path, reason: reason)])
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// The secret the result cache's entries are signed with (`CacheSecretStore` keeps it outside the repository).
struct CacheSecret: Sendable, Hashable {
    var bytes: [UInt8]
}
