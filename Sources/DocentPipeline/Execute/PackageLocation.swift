import DocentCore
import DocentExecute
import Foundation

/// Where the documented package is: `--package` (relative to the working folder) or else site.yml's `package:`
/// (relative to the content folder); checked to hold a `Package.swift` before anything is built. The content
/// chooses site.yml's, so it must resolve, through every link, to a folder inside the one docent runs in: only the
/// command line may name a package elsewhere (`RootFolder` checks `--package`).
///
/// ```swift
/// let location = PackageLocation(given: "..", content: "Guides", excluded: ["site"])
/// let request = try location.request(site: config)      // nil when neither names a package
/// ```
struct PackageLocation: Sendable, Hashable {
    /// `--package`, as given.
    var given: String?
    /// `debug` or `release`.
    var configuration = "debug"
    /// `--import`, `--traits`, `--all-traits`, `--testable`.
    var choices = PackageChoices()
    /// The content folder (site.yml's `package:` is relative to it).
    var content: String = "content"
    /// Folders that are docent's, not the package's (the output folder), as given.
    var excluded: [String] = []
    /// The folder docent runs in: site.yml's `package:` must lie inside it.
    var workingDirectory = FileManager().currentDirectoryPath

    func request(site: SiteConfig) throws -> PackageRequest? {
        let folder: String
        let location: SourceLocation
        if let given {
            folder = BuildConfiguration.absolute(given)
            location = SourceLocation(path: given)
        } else if let package = site.package {
            folder = BuildConfiguration.absolute(package.hasPrefix("/") ? package : "\(content)/\(package)")
            location = SourceLocation(path: "\(content)/site.yml")
            let work = ResolvedPath.resolve(workingDirectory, from: "/").real
            let real = ResolvedPath.resolve(folder, from: work).real
            guard ResolvedPath.contains(work, real) else {
                throw DiagnosticError([PackageDiagnostics.outsideWorkFolder(package, work: work, real: real, at: location)])
            }
        } else {
            return nil
        }
        guard LocalFileSystem().fileExists("\(folder)/Package.swift") else {
            throw DiagnosticError([PackageDiagnostics.noManifest(folder, at: location)])
        }
        if choices.testable, configuration == "release" {
            throw DiagnosticError([PackageDiagnostics.testableRelease()])
        }
        return PackageRequest(folder: folder, configuration: configuration, excluded: excluded.map(BuildConfiguration.absolute),
                              traits: choices.traits, testable: choices.testable)
    }
}
