@testable import DocentExecute
import Foundation
import Testing

/// The toolchain's answers are remembered only for a real toolchain, and only while its binaries are unchanged.
@Suite struct ToolchainIdentityTests {
    /// A folder laid out like a toolchain's `usr/bin`: `swiftc` → `swift-driver`, and a `swift-frontend`.
    private struct FakeToolchain {
        let root: String
        var bin: String { root + "/usr/bin" }
        var swiftc: String { bin + "/swiftc" }

        init() throws {
            root = FileManager().temporaryDirectory.appendingPathComponent("docent-toolchain-\(UUID().uuidString)").path
            try FileManager().createDirectory(atPath: root + "/usr/bin", withIntermediateDirectories: true)
            try Data("driver".utf8).write(to: URL(fileURLWithPath: root + "/usr/bin/swift-driver"))
            try Data("frontend".utf8).write(to: URL(fileURLWithPath: root + "/usr/bin/swift-frontend"))
            try FileManager().createSymbolicLink(atPath: root + "/usr/bin/swiftc", withDestinationPath: "swift-driver")
        }

        func remove() { try? FileManager().removeItem(atPath: root) }
    }

    /// The file's status-change time (`st_ctim`), to the nanosecond.
    private static func statusChange(_ path: String) throws -> [Int] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        return [Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec)]
    }

    private let identity = ToolchainIdentity(version: "Swift version 9.9 (fake)\n", runtimeLibraryPaths: ["/opt/fake/lib"])

    @Test func aRealToolchainIsRememberedUntilItsFrontendChanges() throws {
        let toolchain = try FakeToolchain()
        defer { toolchain.remove() }
        let store = ToolchainIdentity.Store(directory: toolchain.root + "/cache")
        #expect(store.load(swiftc: toolchain.swiftc) == nil)
        store.save(identity, swiftc: toolchain.swiftc)
        #expect(store.load(swiftc: toolchain.swiftc) == identity)
        // An upgrade writes a new frontend: same path, new file.
        let frontend = toolchain.bin + "/swift-frontend"
        try FileManager().removeItem(atPath: frontend)
        try Data("frontend 2".utf8).write(to: URL(fileURLWithPath: frontend))
        #expect(store.load(swiftc: toolchain.swiftc) == nil)
    }

    @Test func aDriverRewrittenInPlaceIsNotTrusted() throws {
        let toolchain = try FakeToolchain()
        defer { toolchain.remove() }
        let store = ToolchainIdentity.Store(directory: toolchain.root + "/cache")
        store.save(identity, swiftc: toolchain.swiftc)
        let driver = toolchain.bin + "/swift-driver"
        let saved = try Self.statusChange(driver)
        // Same size, same inode. The file system's clock ticks coarsely (up to 10 ms): the gate is the status-change
        // time itself, rewritten until it moves, never a guess at how long a tick takes.
        var attempt = 0
        while attempt < 500, try Self.statusChange(driver) == saved {
            if attempt > 0 { Thread.sleep(forTimeInterval: 0.01) }
            attempt += 1
            let handle = try #require(FileHandle(forWritingAtPath: driver))
            try handle.write(contentsOf: Data((attempt % 2 == 1 ? "DRIVER" : "Driver").utf8))
            try handle.close()
        }
        try #require(try Self.statusChange(driver) != saved, "the status-change time never moved")
        #expect(store.load(swiftc: toolchain.swiftc) == nil)
    }

    @Test func proxiesAndWrappersAreAlwaysAsked() throws {
        let toolchain = try FakeToolchain()
        defer { toolchain.remove() }
        let files = FileManager()
        // A wrapper script named swiftc.
        let wrapper = toolchain.root + "/wrapper/swiftc"
        try files.createDirectory(atPath: toolchain.root + "/wrapper", withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexec /usr/bin/swiftc \"$@\"\n".utf8).write(to: URL(fileURLWithPath: wrapper))
        #expect(ToolchainIdentity.fingerprint(swiftc: wrapper) == nil)
        // A swiftly-style proxy: every tool name is a link to one binary that picks a toolchain when it runs.
        let proxies = toolchain.root + "/proxy"
        try files.createDirectory(atPath: proxies, withIntermediateDirectories: true)
        try Data("proxy".utf8).write(to: URL(fileURLWithPath: proxies + "/swiftly"))
        for name in ["swiftc", "swift-driver", "swift-frontend"] {
            try files.createSymbolicLink(atPath: "\(proxies)/\(name)", withDestinationPath: "swiftly")
        }
        #expect(ToolchainIdentity.fingerprint(swiftc: proxies + "/swiftc") == nil)
        #expect(ToolchainIdentity.fingerprint(swiftc: proxies + "/swift-driver") == nil)
        // A driver without a frontend beside it.
        try files.removeItem(atPath: toolchain.bin + "/swift-frontend")
        #expect(ToolchainIdentity.fingerprint(swiftc: toolchain.swiftc) == nil)
        let store = ToolchainIdentity.Store(directory: toolchain.root + "/cache")
        store.save(identity, swiftc: wrapper)
        #expect(store.load(swiftc: wrapper) == nil)
        #expect(((try? files.contentsOfDirectory(atPath: toolchain.root + "/cache")) ?? []).isEmpty)
    }

    @Test func aDamagedOrForeignEntryIsIgnored() throws {
        let toolchain = try FakeToolchain()
        defer { toolchain.remove() }
        let store = ToolchainIdentity.Store(directory: toolchain.root + "/cache")
        store.save(identity, swiftc: toolchain.swiftc)
        let entries = try FileManager().contentsOfDirectory(atPath: toolchain.root + "/cache")
        let entry = toolchain.root + "/cache/" + (try #require(entries.first))
        let whole = try Data(contentsOf: URL(fileURLWithPath: entry))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: entry))
        #expect(store.load(swiftc: toolchain.swiftc) == nil)
        // An entry written for another toolchain's fingerprint, under this one's name.
        let other = try FakeToolchain()
        defer { other.remove() }
        let otherStore = ToolchainIdentity.Store(directory: other.root + "/cache")
        otherStore.save(identity, swiftc: other.swiftc)
        let otherEntry = try FileManager().contentsOfDirectory(atPath: other.root + "/cache").first ?? ""
        try FileManager().removeItem(atPath: entry)
        try FileManager().copyItem(atPath: other.root + "/cache/" + otherEntry, toPath: entry)
        #expect(store.load(swiftc: toolchain.swiftc) == nil)
    }
}
