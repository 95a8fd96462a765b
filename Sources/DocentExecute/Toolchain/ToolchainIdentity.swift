import DocentCore
import Foundation

/// What a Swift toolchain says about itself (`swiftc --version`, the runtime library paths), remembered against the
/// files that give those answers, so a warm build need not start the compiler twice just to ask.
///
/// ```swift
/// let identities = ToolchainIdentity.Store(directory: cacheDirectory)
/// if let known = identities.load(swiftc: swiftc) { … } else { …ask…; identities.save(answers, swiftc: swiftc) }
/// ```
/// Only a real toolchain is remembered: `swiftc` must resolve to the `swift-driver` binary with a distinct
/// `swift-frontend` beside it. A proxy that picks a toolchain at run time (swiftly), or a wrapper script, is
/// asked every time. An answer is used only while both binaries have the same device, inode, size, modification
/// and status-change times as when it was given: reinstalling or upgrading the toolchain replaces them.
struct ToolchainIdentity: Codable, Sendable, Hashable {
    /// `swiftc --version`, standard output and error together.
    var version: String
    /// `swiftc -print-target-info`'s runtime library paths.
    var runtimeLibraryPaths: [String]

    /// Identities on disk, one small JSON file per toolchain fingerprint.
    struct Store: Sendable {
        var directory: String
        var scratch: any Scratch = DiskScratch()

        /// The identity recorded for the toolchain `swiftc` resolves to, if its files have not changed since.
        func load(swiftc: String) -> ToolchainIdentity? {
            guard let fingerprint = ToolchainIdentity.fingerprint(swiftc: swiftc),
                  let data = scratch.contents(path(for: fingerprint)),
                  let entry = try? JSONDecoder().decode(Entry.self, from: data),
                  entry.fingerprint == fingerprint else { return nil }
            return entry.identity
        }

        /// Records `identity` for `swiftc`'s toolchain (written whole, then renamed into place), unless the
        /// toolchain cannot be fingerprinted.
        func save(_ identity: ToolchainIdentity, swiftc: String) {
            guard let fingerprint = ToolchainIdentity.fingerprint(swiftc: swiftc),
                  let data = try? JSONEncoder().encode(Entry(fingerprint: fingerprint, identity: identity)) else { return }
            try? scratch.makeFolder(directory)
            data.writeWhole(toPath: path(for: fingerprint))
        }

        private func path(for fingerprint: String) -> String {
            "\(directory)/toolchain-\(SHA256.hex(fingerprint.utf8).prefix(32)).json"
        }
    }

    private struct Entry: Codable {
        var fingerprint: String
        var identity: ToolchainIdentity
    }

    /// The driver's and frontend's paths and file identities, or `nil` when `swiftc` is not a plain toolchain.
    static func fingerprint(swiftc: String) -> String? {
        let driver = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
        guard driver.lastPathComponent == "swift-driver" else { return nil }
        let frontend = driver.deletingLastPathComponent().appendingPathComponent("swift-frontend").resolvingSymlinksInPath()
        guard let driverStat = fileStat(driver.path), let frontendStat = fileStat(frontend.path),
              driverStat.identity != frontendStat.identity else { return nil }
        return "\(driver.path) \(driverStat.text)\n\(frontend.path) \(frontendStat.text)"
    }

    private static func fileStat(_ path: String) -> (identity: String, text: String)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let identity = "\(info.st_dev):\(info.st_ino)"
        return (identity, "\(identity) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) "
            + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)")
    }
}
