import ArgumentParser
import DocentExecute
import DocentPipeline

/// `--import`, `--traits`, `--all-traits` and `--testable`: what examples import and how the documented package is
/// built, shared by `build`, `test` and `serve` through ``ExecutionOptions``.
public struct PackageChoiceOptions: ParsableArguments {
    @Option(name: .customLong("import"), help: ArgumentHelp("A module every example imports, besides the package's or "
                                                             + "`imports:` (repeatable: --import Foundation --import Dispatch).",
                                                             valueName: "module"))
    public var imports: [String] = []

    @Option(name: .long, help: ArgumentHelp("Build the --package with these traits instead of its default ones "
                                            + "(comma-separated; `defaults` adds the default ones).", valueName: "A,B"))
    public var traits: String?

    @Flag(name: .long, help: "Build the --package with every trait it declares.")
    public var allTraits = false

    @Flag(name: .long, help: "Import the --package's modules @testable, so examples may use its internal API (debug builds only).")
    public var testable = false

    public init() {}

    /// The choices, for the pipeline.
    public var choices: PackageChoices {
        let named = (traits ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return PackageChoices(imports: imports, traits: allTraits ? .all : traits == nil ? .defaults : .named(named),
                              testable: testable)
    }

    public func validate() throws {
        for module in imports where !Self.isModuleName(module) {
            throw ValidationError("--import takes a module name (letters, digits and _, not first a digit), not '\(module)'")
        }
        if allTraits, traits != nil { throw ValidationError("--traits and --all-traits choose the traits twice: give one") }
        if let traits, case .named(let names) = choices.traits, names.isEmpty {
            throw ValidationError("--traits needs trait names, like --traits Loud,Polite, not '\(traits)'")
        }
    }

    /// A Swift module name: an identifier.
    static func isModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
