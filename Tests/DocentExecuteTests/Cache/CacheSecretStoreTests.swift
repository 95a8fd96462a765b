import DocentCore
import Foundation
import Synchronization
import Testing
@testable import DocentExecute

/// The result cache's key: made once, 32 bytes, mode 0600, never replaced by a second maker, and replaced when the
/// file there cannot be trusted.
@Suite struct CacheSecretStoreTests {
    let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-secret-\(UUID().uuidString)").path
    var store: CacheSecretStore { CacheSecretStore(folder: folder + "/cache") }

    func fileBytes() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: store.path))) }

    func mode() throws -> Int {
        (try FileManager().attributesOfItem(atPath: store.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func theFirstBuildMakesTheKeyAndLaterOnesReadIt() throws {
        let made = try store.secret()
        #expect(made.bytes.count == 32)
        #expect(try fileBytes() == made.bytes)
        #expect(try mode() == 0o600)
        #expect(try store.secret() == made)
        #expect(try CacheSecretStore(folder: folder + "/elsewhere").secret() != made, "each key is random")
        let leftovers = try FileManager().contentsOfDirectory(atPath: folder + "/cache").filter { $0 != CacheSecretStore.fileName }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("the loser of a race to make the key adopts the winner's instead of replacing it")
    func theLoserAdoptsTheWinnersKey() throws {
        let winner = try #require(try store.create())
        #expect(try store.create() == nil)
        #expect(try fileBytes() == winner.bytes)
        #expect(try store.secret() == winner)
    }

    @Test("builds making the key at once all end up with one key (twenty races of eight makers)")
    func concurrentMakers() throws {
        for round in 0..<20 {
            let store = CacheSecretStore(folder: "\(folder)/race-\(round)")
            let results = Mutex<[CacheSecret?]>(Array(repeating: nil, count: 8))
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let secret = try? store.secret()
                results.withLock { $0[index] = secret }
            }
            let secrets = results.withLock { $0 }
            #expect(Set(secrets).count == 1 && secrets[0] != nil, "round \(round): \(secrets.map { $0?.bytes.prefix(4) })")
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: store.path))) == secrets[0]?.bytes)
            let leftovers = try FileManager().contentsOfDirectory(atPath: store.folder).filter { $0 != CacheSecretStore.fileName }
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
    }

    enum Untrusted: String, CaseIterable, CustomTestStringConvertible {
        case short, long, readableByOthers, symbolicLink, folder
        var testDescription: String { rawValue }
    }

    @Test("a key file that cannot be trusted is replaced by a new key", arguments: Untrusted.allCases)
    func untrustedKeyFilesAreReplaced(_ kind: Untrusted) throws {
        let files = FileManager()
        try files.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        let old = [UInt8](repeating: 7, count: 32)
        let target = folder + "/target"
        switch kind {
        case .short: try Data(old.prefix(31)).write(to: URL(fileURLWithPath: store.path))
        case .long: try Data(old + [7]).write(to: URL(fileURLWithPath: store.path))
        case .readableByOthers:
            try Data(old).write(to: URL(fileURLWithPath: store.path))
            try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)
        case .symbolicLink:
            try Data(old).write(to: URL(fileURLWithPath: target))
            try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
            try files.createSymbolicLink(atPath: store.path, withDestinationPath: target)
        case .folder: try files.createDirectory(atPath: store.path, withIntermediateDirectories: false)
        }
        if kind == .folder {
            // A folder is not removed with its contents: it is a clear error naming the file.
            try Data().write(to: URL(fileURLWithPath: store.path + "/inside"))
            let error = try #require(throws: DiagnosticError.self) { try store.secret() }
            #expect(error.diagnostics.map(\.id) == [ToolchainDiagnostics.ID.cacheKeyUnusable], "\(error)")
            #expect(error.description.contains("error: cannot set up the result cache's key \(store.path): cannot replace it"),
                    "\(error)")
            return
        }
        let secret = try store.secret()
        #expect(secret.bytes != old)
        #expect(try fileBytes() == secret.bytes)
        #expect(try mode() == 0o600)
        var status = stat()
        #expect(lstat(store.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "a regular file now")
        if kind == .symbolicLink { #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(old), "the link's target is untouched") }
    }

    @Test("a key file that is not the user's is replaced (run as root, which can give it away)")
    func someoneElsesKeyIsReplaced() throws {
        guard geteuid() == 0 else { return }
        try FileManager().createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        let old = [UInt8](repeating: 9, count: 32)
        try Data(old).write(to: URL(fileURLWithPath: store.path))
        chmod(store.path, 0o600)
        #expect(chown(store.path, 65534, 65534) == 0)
        #expect(store.read().isUnusable)
        let secret = try store.secret()
        #expect(secret.bytes != old)
        var status = stat()
        #expect(stat(store.path, &status) == 0 && status.st_uid == 0)
    }

    @Test("a folder where no key can be made is an error naming the key file")
    func noPlaceForTheKey() throws {
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        let store = CacheSecretStore(folder: folder + "/file/cache")
        let error = try #require(throws: DiagnosticError.self) { try store.secret() }
        #expect(error.diagnostics.map(\.id) == [ToolchainDiagnostics.ID.cacheKeyUnusable], "\(error)")
        #expect(error.description.contains("error: cannot set up the result cache's key \(folder)/file/cache/result-cache.key: "
                                           + "cannot create its folder"),
                "\(error)")
    }

    @Test("a cache folder that is a link, or that other users may write in, is an error at the folder; nothing is written there")
    func anUntrustedFolderIsRefused() throws {
        defer { try? FileManager().removeItem(atPath: folder) }
        try FileManager().createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
        try FileManager().createSymbolicLink(atPath: folder + "/cache", withDestinationPath: folder + "/elsewhere")
        let linked = try #require(throws: DiagnosticError.self) { try store.secret() }
        #expect(linked.diagnostics.first?.location?.path == folder + "/cache")
        #expect(linked.diagnostics.map(\.id) == [ToolchainDiagnostics.ID.cacheFolderUnusable])
        #expect(linked.description.contains("symbolic link (to \(folder)/elsewhere)"), "\(linked)")
        #expect(try FileManager().contentsOfDirectory(atPath: folder + "/elsewhere").isEmpty)

        try FileManager().removeItem(atPath: folder + "/cache")
        try FileManager().createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        _ = chmod(folder + "/cache", 0o777)
        let shared = try #require(throws: DiagnosticError.self) { try store.secret() }
        #expect(shared.diagnostics.map(\.id) == [ToolchainDiagnostics.ID.cacheFolderUnusable])
        #expect(shared.description.contains("other users may write in its folder (mode 777)"), "\(shared)")
        _ = chmod(folder + "/cache", 0o700)
        #expect(try store.secret().bytes.count == 32)
    }

    @Test("without HOME the cache folder is the temporary folder's, named for the user")
    func theSharedFallbackIsNamedForTheUser() {
        let environment = ExecutionEnvironment(environment: ["TMPDIR": "/scratch", "PATH": "/usr/bin"], effectiveUserID: 1234)
        #expect(environment.cacheDirectory == "/scratch/docent-cache-1234")
    }
}

extension CacheSecretStore.Reading {
    var isUnusable: Bool { if case .unusable = self { true } else { false } }
}
