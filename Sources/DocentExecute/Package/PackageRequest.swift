/// The Swift package a site documents (`--package DIR`, or `package:` in site.yml): its folder and the
/// configuration SwiftPM builds it in.
///
/// ```swift
/// let request = PackageRequest(folder: "/home/me/swift-algorithms", excluded: ["/home/me/swift-algorithms/site"])
/// ```
public struct PackageRequest: Sendable, Hashable {
    /// The folder holding `Package.swift`, absolute.
    public var folder: String
    /// `debug` or `release`, as `swift build --configuration` takes it.
    public var configuration: String
    /// Folders under `folder` that are not the package's (the site docent writes, its cache): left out of the copy.
    public var excluded: [String]
    /// The traits SwiftPM enables (`--traits`, `--all-traits`; the package's defaults unless named).
    public var traits: PackageChoices.Traits
    /// Built with `-enable-testing`, its modules imported `@testable` (`--testable`).
    public var testable: Bool

    public init(folder: String, configuration: String = "debug", excluded: [String] = [],
                traits: PackageChoices.Traits = .defaults, testable: Bool = false) {
        self.folder = folder
        self.configuration = configuration
        self.excluded = excluded
        self.traits = traits
        self.testable = testable
    }
}
