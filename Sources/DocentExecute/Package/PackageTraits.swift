import DocentCore
import Foundation

/// The traits a package declares, as `swift package dump-package` reports them, and the traits the wrapper asks of
/// it for a choice (`--traits A,B`, `--all-traits`): a trait the package does not declare is refused with its list.
///
/// ```swift
/// let traits = try PackageTraits(dumpJSON: json)
/// try traits.enabled(for: .named(["Loud"]), at: location)   // ["Loud"]
/// ```
struct PackageTraits: Sendable, Hashable {
    /// The traits the package declares, sorted (SwiftPM lists them in no fixed order), `default` left out.
    var declared: [String]
    /// The traits its `default` trait enables.
    var defaults: [String]

    init(declared: [String], defaults: [String]) {
        self.declared = declared
        self.defaults = defaults
    }

    /// Reads the `traits` of `swift package dump-package`'s JSON (none when the manifest declares none).
    init(dumpJSON data: Data) throws {
        struct Dump: Decodable {
            struct Trait: Decodable {
                var name: String
                var enabledTraits: [String]?
            }
            var traits: [Trait]?
        }
        let traits = try JSONDecoder().decode(Dump.self, from: data).traits ?? []
        declared = traits.map(\.name).filter { $0 != "default" }.sorted()
        defaults = (traits.first { $0.name == "default" }?.enabledTraits ?? []).sorted()
    }

    /// The traits the wrapper enables of the package for `choice`, `defaults` standing for the package's defaults;
    /// `nil` for the defaults alone (the wrapper then names none). Throws, at `location`, for a trait the package lacks.
    func enabled(for choice: PackageChoices.Traits, at location: SourceLocation?, package name: String) throws -> [String]? {
        switch choice {
        case .defaults:
            return nil
        case .all:
            return declared
        case .named(let names):
            let unknown = names.filter { $0 != "defaults" && !declared.contains($0) }
            guard unknown.isEmpty else {
                let list = declared.isEmpty ? "it declares no traits"
                    : "its traits: " + declared.joined(separator: ", ") + (defaults.isEmpty ? "" : " (default: \(defaults.joined(separator: ", ")))")
                throw DiagnosticError([PackageDiagnostics.unknownTrait(unknown, package: name, declared: list, at: location)])
            }
            return names
        }
    }
}
