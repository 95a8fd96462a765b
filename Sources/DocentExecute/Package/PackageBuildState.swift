import DocentCore
import Foundation

/// What docent remembers of a package, in its own cache folder (outside the sandbox's reach): the manifests' hash
/// its dependencies were resolved for and what SwiftPM described, and, once a build succeeded, the package folder's
/// hash it was built from and the result. A build whose folder hash matches and whose library is still there runs
/// no SwiftPM at all; one whose manifests match resolves nothing (no network).
struct PackageBuildState: Sendable, Hashable, Codable {
    var tree: String
    var manifests: String
    var manifest: PackageManifest
    /// The last good build; `nil` from the moment a build starts until it succeeds (a failed or interrupted build may
    /// have rewritten part of the build folder, so nothing of it is reused, but the resolved dependencies are).
    var built: BuiltPackage?

    /// The same dependencies, with no build to reuse.
    var resolvedOnly: PackageBuildState {
        PackageBuildState(tree: "", manifests: manifests, manifest: manifest, built: nil)
    }

    /// States on disk, one JSON file per package key.
    struct Store: Sendable {
        var directory: String
        var scratch: any Scratch = DiskScratch()

        func load(key: String) -> PackageBuildState? {
            guard let data = scratch.contents(path(key)) else { return nil }
            return try? JSONDecoder().decode(PackageBuildState.self, from: data)
        }

        /// Written whole, then renamed into place.
        func save(_ state: PackageBuildState, key: String) {
            guard let data = try? JSONEncoder().encode(state) else { return }
            try? scratch.makeFolder("\(directory)/packages")
            data.writeWhole(toPath: path(key))
        }

        /// Forgets the package, so the next build runs SwiftPM.
        func remove(key: String) {
            try? scratch.remove(path(key))
        }

        private func path(_ key: String) -> String { "\(directory)/packages/\(key).json" }
    }
}
