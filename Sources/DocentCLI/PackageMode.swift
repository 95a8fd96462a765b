import DocentCore
import DocentPipeline
import Foundation

/// `docent test --package .` (and `build`) with no content named: the package's documentation sets
/// (``PackageDocumentation``) are the content, listed as found and counted when checked.
///
/// ```swift
/// let mode = try PackageMode.choose(package: ".", contentGiven: false, fileSystem: LocalFileSystem())
/// mode?.sets  // [README.md, Sources/Numerics/Numerics.docc, Snippets]
/// ```
struct PackageMode: Sendable {
    var package: String
    var sets: [DocumentationSet]

    /// The package's sets when `--package` is given and no content is; `nil` when the content is a folder or file.
    static func choose(package: String?, contentGiven: Bool, fileSystem: any FileSystem) throws -> PackageMode? {
        guard let package, !contentGiven else { return nil }
        return PackageMode(package: package, sets: try PackageDocumentation(fileSystem: fileSystem).discover(in: package))
    }

    /// What stands for the content where a path beside it is derived (the cache `.docent-cache` goes beside it):
    /// the manifest, so the cache is the package's own.
    var contentAnchor: String { ContentLoader.join(package, "Package.swift") }

    /// `Checking the documentation of .: README.md, Guides/, Sources/Numerics/Numerics.docc, Snippets/ (4 sets)`.
    var foundLine: String {
        "Checking the documentation of \(package): \(sets.map(\.displayName).joined(separator: ", ")) "
            + "(\(sets.count) \(sets.count == 1 ? "set" : "sets"))"
    }

    /// One line per set: `  Sources/Numerics/Numerics.docc: 12 examples, 11 passed, 1 failed`.
    func countLines(_ report: TestReport) -> [String] {
        sets.map { set in
            let cases = report.cases.filter { set.contains(relative($0.snippet.location.path)) }
            let (one, many) = set.unit
            var line = "  \(set.displayName): \(cases.count) \(cases.count == 1 ? one : many)"
            if !cases.isEmpty {
                line += ", \(cases.filter(\.passed).count) passed, \(cases.filter(\.failed).count) failed"
                let skipped = cases.filter(\.skipped).count
                if skipped > 0 { line += ", \(skipped) skipped" }
            }
            return line
        }
    }

    /// A path below the package (`./Guides/a.md`, `pkg/Guides/a.md`) relative to it (`Guides/a.md`).
    func relative(_ path: String) -> String {
        let prefix = package.hasSuffix("/") ? package : package + "/"
        if package != ".", path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
