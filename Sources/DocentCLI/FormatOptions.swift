import ArgumentParser
import DocentCore
import DocentPipeline
import Foundation

/// `--format`: how failures are also printed for a CI service. `github` adds a workflow annotation per failure
/// (``GitHubAnnotation``) and is the default when `GITHUB_ACTIONS=true`; `text` prints the report alone.
public struct FormatOptions: ParsableArguments {
    /// The formats `--format` takes; any other word is refused by the parser.
    public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        case text, github
    }

    @Option(name: .long, help: ArgumentHelp("How failures are also printed: text, or github for workflow annotations on "
                                            + "the pull request's lines (default: github when GITHUB_ACTIONS=true, else text).",
                                            valueName: "format"))
    public var format: Format?

    public init() {}

    /// `--format`, else what the environment says (`GITHUB_ACTIONS=true`: `github`).
    func chosen(_ environment: [String: String]) -> Format {
        format ?? (environment["GITHUB_ACTIONS"] == "true" ? .github : .text)
    }

    /// Prints every diagnostic as an annotation when the format is `github`; the path is made relative to
    /// `GITHUB_WORKSPACE` (the repository's root) when docent runs below it, so the annotation lands on the file.
    func annotate(_ diagnostics: [Diagnostic], title: (Diagnostic) -> String, reporter: any Reporter,
                  environment: [String: String] = ProcessInfo.processInfo.environment,
                  workingDirectory: String = FileManager().currentDirectoryPath) {
        guard chosen(environment) == .github else { return }
        for diagnostic in diagnostics {
            let file = diagnostic.location.map { Self.repositoryPath($0.path, workspace: environment["GITHUB_WORKSPACE"], in: workingDirectory) }
            reporter.info(GitHubAnnotation.line(for: diagnostic, title: title(diagnostic), file: file))
        }
    }

    /// `path` (relative to `directory`, or absolute) relative to `workspace`, when it is below it; else as it is.
    static func repositoryPath(_ path: String, workspace: String?, in directory: String) -> String {
        guard let workspace, !workspace.isEmpty else { return path }
        let absolute = URL(fileURLWithPath: path.hasPrefix("/") ? path : directory + "/" + path).standardizedFileURL.path
        let root = URL(fileURLWithPath: workspace).standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }
}
