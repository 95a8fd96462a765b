import DocentCore
import Foundation

/// Where the documented package is: `--package` (relative to the working folder) or else site.yml's `package:`
/// (relative to the content folder); checked to hold a `Package.swift` before anything is built.
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
    /// The content folder (site.yml's `package:` is relative to it).
    var content: String = "content"
    /// Folders that are docent's, not the package's (the output folder), as given.
    var excluded: [String] = []

    func request(site: SiteConfig) throws -> PackageRequest? {
        let folder: String
        let location: SourceLocation
        if let given {
            folder = BuildConfiguration.absolute(given)
            location = SourceLocation(path: given)
        } else if let package = site.package {
            folder = BuildConfiguration.absolute(package.hasPrefix("/") ? package : "\(content)/\(package)")
            location = SourceLocation(path: "\(content)/site.yml")
        } else {
            return nil
        }
        guard FileManager().fileExists(atPath: "\(folder)/Package.swift") else {
            throw DiagnosticError([.error(at: location, "\(folder) holds no Package.swift, so it is not a Swift package",
                                          notes: ["name the folder that holds the package's Package.swift"])])
        }
        return PackageRequest(folder: folder, configuration: configuration, excluded: excluded.map(BuildConfiguration.absolute))
    }
}
