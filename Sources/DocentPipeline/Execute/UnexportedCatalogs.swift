import DocentCore
import DocentExecute

/// Leaves out the articles of a DocC catalog whose target no library product holds (a test-support target's, an
/// executable's): SwiftPM lets no other package import such a target, so their examples cannot import what they
/// document. Each such snippet is skipped with the reason, and one warning at the catalog says why and what to do.
///
/// ```swift
/// let notes = UnexportedCatalogs(targets: runner.packageTargets, packageFolder: "/src/pkg").leaveOut(&records, among: indices)
/// // Sources/Validation/Validation.docc: warning: … is documentation for target Validation, which no library product exports …
/// ```
struct UnexportedCatalogs {
    /// The ID of the warning at such a catalog.
    static let id = DiagnosticID("package.catalog.target-not-exported")

    /// The documented package's targets; `nil` without a package (nothing is left out).
    var targets: PackageTargets?
    /// The package's folder, absolute.
    var packageFolder: String?

    /// Marks every snippet of the articles at `indices` that lie in such a catalog as skipped; returns the indices
    /// left out and one warning per catalog, in the order found.
    func leaveOut(_ records: inout [ArticleRecord], among indices: [Int]) -> (leftOut: Set<Int>, warnings: [Diagnostic]) {
        guard let targets, let packageFolder else { return ([], []) }
        let prefix = packageFolder.hasSuffix("/") ? packageFolder : packageFolder + "/"
        var leftOut: Set<Int> = []
        var catalogs: [(path: String, target: String, count: Int)] = []
        for index in indices {
            let path = records[index].article.path
            let absolute = BuildConfiguration.absolute(path)
            guard absolute.hasPrefix(prefix) else { continue }
            let relative = String(absolute.dropFirst(prefix.count))
            guard let target = targets.unexportedTarget(of: relative), let catalog = PackageTargets.catalog(of: relative) else { continue }
            // The catalog as the user's paths spell it (`./Sources/…`, `/pkg/Sources/…`).
            let shown = path.hasSuffix(relative) ? String(path.dropLast(relative.count)) + catalog : catalog
            let reason = "target \(target) is in no library product"
            for snippet in records[index].snippets.indices {
                var run = SnippetRun(outcome: .skipped)
                run.skipReason = reason
                records[index].snippets[snippet].run = run
            }
            leftOut.insert(index)
            let count = records[index].snippets.count
            if let known = catalogs.firstIndex(where: { $0.path == shown }) {
                catalogs[known].count += count
            } else {
                catalogs.append((shown, target, count))
            }
        }
        let warnings = catalogs.map { catalog in
            Diagnostic.warning(Self.id, at: SourceLocation(path: catalog.path),
                               "this catalog is documentation for target \(catalog.target), which no library product exports; "
                                   + "its examples cannot import it, so its \(catalog.count) \(catalog.count == 1 ? "example is" : "examples are") skipped",
                               notes: ["SwiftPM lets code outside the package import only the targets of its library products",
                                       "to check these examples, add `.library(name: \"\(catalog.target)\", targets: [\"\(catalog.target)\"])` "
                                           + "to the package's products, or move what they show into a catalog of a library's target"])
        }
        return (leftOut, warnings)
    }
}
