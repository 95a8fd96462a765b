import DocentCore
import DocentTestSupport
import Foundation
@testable import DocentExecute
@testable import DocentPipeline

/// The folder of snippet fixtures.
let snippetFixtures = DocentRepository.url("Tests/DocentPipelineTests/Fixtures/snippets").path

/// Parses Markdown text (with front matter) as the article at `path`.
func parsedArticle(_ text: String, path: String = "content/x.md") throws -> Article {
    try ContentParser.parseArticle(SourceFile(path: path, relativePath: String(path.split(separator: "/").last!), text: text))
}

/// Parses a fixture of `Fixtures/snippets/`, named as the user would see it (`content/NAME`).
func fixtureArticle(_ name: String) throws -> Article {
    try parsedArticle(String(contentsOfFile: "\(snippetFixtures)/\(name)", encoding: .utf8), path: "content/\(name)")
}

/// A toolchain and runner that returns canned runs, by article path, and records what it was asked to do.
final class FakeRunner: ToolchainPreparing, ArticleRunning, @unchecked Sendable {
    private let lock = NSLock()
    private let runs: [String: [SnippetRun]]
    private var _ranArticles: [String] = []
    private var _supportModules: [String] = []
    let supportError: DiagnosticError?
    let compilerVersion: String?

    init(_ runs: [String: [SnippetRun]] = [:], supportError: DiagnosticError? = nil, compilerVersion: String? = nil) {
        self.runs = runs
        self.supportError = supportError
        self.compilerVersion = compilerVersion
    }

    var ranArticles: [String] { lock.withLock { _ranArticles } }
    var supportModules: [String] { lock.withLock { _supportModules } }

    var warnings: [Diagnostic] { [] }
    var packageModules: [String] { [] }

    func prepare(supportModule: String?, sources: [SupportSource], package: PackageRequest?) throws -> any ArticleRunning {
        if let supportModule, !sources.isEmpty { lock.withLock { _supportModules.append(supportModule) } }
        if let supportError { throw supportError }
        return self
    }

    func run(_ job: ArticleJob) throws -> [SnippetRecord] {
        lock.withLock { _ranArticles.append(job.articlePath) }
        let canned = runs[job.articlePath] ?? job.snippets.map { _ in SnippetRun(outcome: .completed) }
        return zip(job.snippets, canned).map { record, run in
            var record = record
            record.run = run
            return record
        }
    }
}
