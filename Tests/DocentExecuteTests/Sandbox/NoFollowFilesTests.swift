import DocentCore
import Foundation
import Testing
@testable import DocentExecute

/// Docent's file work where links may have been planted (the package's work folder, the result cache): nothing is
/// written, chowned or read through a link it did not make, and a package's links are copied only when they stay
/// inside it.
@Suite struct NoFollowFilesTests {
    let root = FileManager().temporaryDirectory.appendingPathComponent("docent-nofollow-\(UUID().uuidString)").path

    init() throws {
        try FileManager().createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try Data("a secret".utf8).write(to: URL(fileURLWithPath: root + "/outside/secret"))
        _ = chmod(root + "/outside/secret", 0o600)
    }

    private func status(_ path: String) -> stat {
        var status = stat()
        _ = lstat(path, &status)
        return status
    }

    private func write(_ text: String, _ path: String, mode: mode_t = 0o644) throws {
        try FileManager().createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                          withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        _ = chmod(path, mode)
    }

    @Test("giving a folder to the sandbox user changes a planted link's own owner, never its target's")
    func handOverNeverChownsThroughALink() throws {
        defer { try? FileManager().removeItem(atPath: root) }
        let folder = root + "/wrapper"
        try write("docent's", folder + "/Sources/A/A.swift")
        try FileManager().createSymbolicLink(atPath: folder + "/Package.resolved", withDestinationPath: root + "/outside/secret")
        try FileManager().createSymbolicLink(atPath: folder + "/Sources/out", withDestinationPath: root + "/outside")
        let before = status(root + "/outside/secret")
        let user = BubblewrapSandbox.HostUser(setpriv: "/usr/bin/setpriv", uid: geteuid() == 0 ? 65534 : geteuid(),
                                              gid: geteuid() == 0 ? 65534 : getegid())
        try HandOver.give(folder, to: user)
        let after = status(root + "/outside/secret")
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid && after.st_mode == before.st_mode)
        #expect(status(root + "/outside").st_uid == before.st_uid)
        #expect(status(folder + "/Sources/A/A.swift").st_uid == user.uid)
        #expect(status(folder + "/Package.resolved").st_uid == user.uid, "the link itself is handed over")
        #expect(throws: NoFollowFiles.Failure.self) { try HandOver.allow(0o005, on: folder + "/Package.resolved") }
        #expect(status(root + "/outside/secret").st_mode & 0o777 == 0o600)
    }

    @Test("removing a tree removes a planted link, not what it leads to; a file is never created through a link")
    func removeAndCreateNeverFollow() throws {
        defer { try? FileManager().removeItem(atPath: root) }
        let folder = root + "/work"
        try write("x", folder + "/inner/file")
        try FileManager().createSymbolicLink(atPath: folder + "/inner/out", withDestinationPath: root + "/outside")
        try FileManager().createSymbolicLink(atPath: root + "/planted", withDestinationPath: root + "/outside/new")
        #expect(throws: NoFollowFiles.Failure.self) { try NoFollowFiles.createFile(root + "/planted", contents: Data("x".utf8)) }
        #expect(!FileManager().fileExists(atPath: root + "/outside/new"))
        try NoFollowFiles.removeTree(folder)
        #expect(!FileManager().fileExists(atPath: folder))
        #expect(FileManager().fileExists(atPath: root + "/outside/secret"))
        // Reading below a trusted folder: a link on the way is refused, named as a link.
        try FileManager().createDirectory(atPath: root + "/build", withIntermediateDirectories: true)
        try FileManager().createSymbolicLink(atPath: root + "/build/debug.yaml", withDestinationPath: root + "/outside/secret")
        #expect { try NoFollowFiles.read("build/debug.yaml", in: root, limit: 1 << 20) } throws: { error in
            (error as? NoFollowFiles.Failure)?.reason.contains("symbolic link") == true
        }
    }

    @Test("the package's copy keeps each file's mode, keeps links inside the package, and refuses one leading out at the link")
    func mirrorKeepsModesAndRefusesLinksOut() throws {
        defer { try? FileManager().removeItem(atPath: root) }
        let package = root + "/pkg"
        try write("// swift-tools-version:5.9", package + "/Package.swift")
        try write("token", package + "/credentials", mode: 0o600)
        try write("public let a = 1", package + "/Sources/A/A.swift", mode: 0o640)
        try FileManager().createSymbolicLink(atPath: package + "/Sources/B", withDestinationPath: "A")
        let copy = root + "/copy"
        try PackageTree(scanning: package, excluding: []).mirror(from: package, into: copy)
        #expect(status(copy + "/credentials").st_mode & 0o777 == 0o600)
        #expect(status(copy + "/Sources/A/A.swift").st_mode & 0o777 == 0o640)
        #expect(status(copy).st_mode & 0o777 == 0o700)
        #expect(try FileManager().destinationOfSymbolicLink(atPath: copy + "/Sources/B") == "A")

        // A committed Package.resolved that leads out (absolute, or relative through ..): one error at each link.
        try FileManager().createSymbolicLink(atPath: package + "/Package.resolved", withDestinationPath: root + "/outside/secret")
        try FileManager().createSymbolicLink(atPath: package + "/Sources/up", withDestinationPath: "../../outside")
        let error = #expect(throws: DiagnosticError.self) {
            try PackageTree(scanning: package, excluding: []).mirror(from: package, into: copy)
        }
        let located = error?.diagnostics.map { $0.location?.path ?? "" }.sorted() ?? []
        #expect(located == [package + "/Package.resolved", package + "/Sources/up"], "\(located)")
        #expect(error?.diagnostics.first?.message.contains(root + "/outside/secret") == true, "\(String(describing: error))")
        #expect(FileManager().fileExists(atPath: copy + "/credentials"), "a refused package leaves the copy as it was")
    }

    @Test("the pins are read from the package through a link only when it stays inside")
    func pinsAreReadOnlyInside() throws {
        defer { try? FileManager().removeItem(atPath: root) }
        let package = root + "/pkg"
        try write("{}", package + "/pins/Package.resolved")
        try FileManager().createSymbolicLink(atPath: package + "/Package.resolved", withDestinationPath: "pins/Package.resolved")
        #expect(try PackageLinks(folder: package).read("Package.resolved", limit: 100) == Data("{}".utf8))
        try FileManager().removeItem(atPath: package + "/Package.resolved")
        try FileManager().createSymbolicLink(atPath: package + "/Package.resolved", withDestinationPath: root + "/outside/secret")
        #expect(throws: DiagnosticError.self) { try PackageLinks(folder: package).read("Package.resolved", limit: 100) }
    }

    @Test("a result cache folder that is a link is an error naming where it leads; an entry that is a link is never written through")
    func cacheNeverWritesThroughALink() throws {
        defer { try? FileManager().removeItem(atPath: root) }
        let secret = CacheSecret(bytes: Array(repeating: 7, count: 32))
        let program = CachedProgram(compile: CompileOutcome(succeeded: true), run: nil)
        try FileManager().createSymbolicLink(atPath: root + "/.docent-cache", withDestinationPath: root + "/outside")
        let error = #expect(throws: DiagnosticError.self) { try ProgramCache(directory: root + "/.docent-cache").signed(with: secret) }
        #expect(error?.diagnostics.first?.location?.path == root + "/.docent-cache")
        #expect(error?.diagnostics.map(\.id) == [ToolchainDiagnostics.ID.cacheIsLink])
        #expect(error?.diagnostics.first?.message.contains(root + "/outside") == true)
        ProgramCache(directory: root + "/.docent-cache", secret: secret).store(program, key: "k")
        #expect(try FileManager().contentsOfDirectory(atPath: root + "/outside") == ["secret"], "nothing written through the link")

        let cache = root + "/cache"
        try FileManager().createDirectory(atPath: cache, withIntermediateDirectories: true)
        try FileManager().createSymbolicLink(atPath: cache + "/k.json", withDestinationPath: root + "/outside/secret")
        let signed = try ProgramCache(directory: cache).signed(with: secret)
        #expect(signed.load("k") == nil)
        signed.store(program, key: "k")
        #expect(signed.load("k") == program)
        #expect(try String(contentsOfFile: root + "/outside/secret", encoding: .utf8) == "a secret")
        #expect(status(cache + "/k.json").st_mode & S_IFMT == S_IFREG)
    }
}
