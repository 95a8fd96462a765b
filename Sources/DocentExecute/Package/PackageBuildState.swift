import Foundation

/// What docent remembers of a package's last good build, in its own cache folder (outside the sandbox's reach):
/// the package folder's hash it was built from, the manifests' hash, what SwiftPM described, and the result.
/// A build whose folder hash matches and whose library is still there runs no SwiftPM at all.
struct PackageBuildState: Sendable, Hashable, Codable {
    var tree: String
    var manifests: String
    var manifest: PackageManifest
    var built: BuiltPackage

    /// States on disk, one JSON file per package key.
    struct Store: Sendable {
        var directory: String

        func load(key: String) -> PackageBuildState? {
            guard let data = FileManager().contents(atPath: path(key)) else { return nil }
            return try? JSONDecoder().decode(PackageBuildState.self, from: data)
        }

        /// Written whole, then renamed into place.
        func save(_ state: PackageBuildState, key: String) {
            guard let data = try? JSONEncoder().encode(state) else { return }
            try? FileManager().createDirectory(atPath: "\(directory)/packages", withIntermediateDirectories: true)
            data.writeWhole(toPath: path(key))
        }

        /// Forgets the package, so the next build runs SwiftPM.
        func remove(key: String) {
            try? FileManager().removeItem(atPath: path(key))
        }

        private func path(_ key: String) -> String { "\(directory)/packages/\(key).json" }
    }
}
