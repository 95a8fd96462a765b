import ArgumentParser
import DocentCore
import DocentExecute
import DocentPipeline

/// The `docent` command: turns a folder of Markdown tutorials into a static site whose code is checked.
public struct Docent: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "docent",
        abstract: "Build a static site from Markdown tutorials whose Swift code is compiled and run.",
        version: DocentBuild.versionLine,
        subcommands: [Build.self, Test.self, Serve.self, Init.self, New.self, Clean.self, ThemeCommand.self],
        defaultSubcommand: nil
    )

    public init() {}
}

/// Exit statuses, as documented in the README.
public enum ExitStatus: Int32 {
    case success = 0
    /// The content's code failed: a snippet did not compile, trapped, or printed something else.
    case contentFailed = 1
    /// The command line or the input files are wrong.
    case inputError = 2
    /// Docent itself failed: a tool it needs is missing or broken, its scratch space could not be used, or an
    /// internal invariant broke (a diagnostic whose ID is a fault, ``DiagnosticID/isFault``).
    case docentFault = 3

    /// The status for errors reported as `diagnostics`: a fault among them makes it ``docentFault``.
    public static func status(for diagnostics: [Diagnostic]) -> ExitStatus {
        diagnostics.contains { $0.severity == .error && $0.isFault } ? .docentFault : .inputError
    }
}
