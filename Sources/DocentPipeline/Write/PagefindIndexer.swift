import DocentCore
import DocentExecute
import Foundation

/// Runs [Pagefind](https://pagefind.app) over the site, which writes `pagefind/` (the index and its search UI)
/// beside the pages. Pagefind is `PAGEFIND` or `pagefind` on `PATH` (PyPI: `pip install 'pagefind[bin]'`);
/// without it, or when it fails, the build warns once and the site works without search.
public struct PagefindIndexer: SearchIndexing {
    /// The Pagefind executable, or `nil` when it is not installed.
    public let executable: String?
    public var isAvailable: Bool { executable != nil }
    private let processRunner: any ProcessRunning
    private let path: String

    public init(environment: [String: String], processRunner: any ProcessRunning = FoundationProcessRunner()) {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let files = FileManager()
        if let explicit = environment["PAGEFIND"], !explicit.isEmpty {
            executable = explicit
        } else {
            executable = path.split(separator: ":").map { "\($0)/pagefind" }.first { files.isExecutableFile(atPath: $0) }
        }
        self.processRunner = processRunner
        self.path = path
    }

    /// The warning a build without Pagefind gives (`docent serve` gives it once, not at every rebuild).
    public static let notInstalled = Diagnostic.searchNotInstalled

    public func index(site: String) throws -> Diagnostic? {
        guard let executable else { return Self.notInstalled }
        let outcome: ProcessOutcome
        do {
            // `--site .` from inside: Pagefind skips hidden folders, and the staging folder's name starts with a dot.
            outcome = try processRunner.run(executable: executable, arguments: ["--site", ".", "--silent"],
                                            environment: ["PATH": path, "HOME": NSTemporaryDirectory()],
                                            workingDirectory: site, timeLimit: 300, stdoutFile: nil)
        } catch {
            return .searchCannotRun(executable, error)
        }
        guard outcome.succeeded else {
            let detail = (outcome.standardError + outcome.standardOutput).trimmingCharacters(in: .whitespacesAndNewlines)
            return .searchFailed(executable, detail: detail)
        }
        return nil
    }
}
