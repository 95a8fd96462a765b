/// What the command line chooses about the modules examples use: modules every example imports besides its own
/// (`--import`), and how the documented package is built — its traits (`--traits`, `--all-traits`) and whether it is
/// built for testing and imported `@testable` (`--testable`).
///
/// ```swift
/// var choices = PackageChoices()
/// choices.imports = ["Foundation"]
/// choices.traits = .named(["Loud"])
/// ```
public struct PackageChoices: Sendable, Hashable, Codable {
    /// The package traits SwiftPM builds the package with.
    public enum Traits: Sendable, Hashable, Codable {
        /// The package's default traits, as `swift build` would.
        case defaults
        /// Every trait the package declares (`--all-traits`).
        case all
        /// These traits and no default ones (`--traits A,B`; `default` names the defaults).
        case named([String])
    }

    /// Modules every program imports, after those `imports:` or the package gives (`--import`, repeatable).
    public var imports: [String] = []
    public var traits: Traits = .defaults
    /// `--testable`: the package built with `-enable-testing`, its modules imported `@testable`.
    public var testable = false

    public init(imports: [String] = [], traits: Traits = .defaults, testable: Bool = false) {
        self.imports = imports
        self.traits = traits
        self.testable = testable
    }
}
