import DocentCore
import Foundation
@testable import DocentExecute
@testable import DocentPipeline

/// Builds the snippets of a made-up article, `content/x.md`, for the Execute tests.
struct ExecuteArticle {
    static let path = "content/x.md"
    var snippets: [Snippet] = []
    private var nextLine: Int

    /// An article whose first snippet's fence is on `firstLine`.
    init(firstLine: Int = 3) {
        nextLine = firstLine
    }

    /// Adds a snippet whose fence is on the next free line; its code starts on the line after.
    /// Lines starting with `# ` are hidden, as the extractor would mark them.
    mutating func add(_ code: String) {
        add(.shared, code)
    }

    /// Adds a snippet with the given mode.
    mutating func add(_ mode: Snippet.Mode, _ code: String) {
        let fence = nextLine
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, text in
            text.hasPrefix("# ") ? Snippet.Line(number: fence + 1 + offset, code: String(text.dropFirst(2)), isHidden: true)
                                 : Snippet.Line(number: fence + 1 + offset, code: String(text), isHidden: false)
        }
        snippets.append(Snippet(location: SourceLocation(path: Self.path, line: fence), nodeID: snippets.count,
                                mode: mode, lines: lines))
        nextLine = fence + lines.count + 4 // closing fence, a blank line, a paragraph, a blank line
    }

    /// The Markdown line of `text` in the article's code.
    func line(of text: String) -> Int {
        snippets.flatMap(\.lines).first { $0.code.contains(text) }!.number
    }
}

extension ExecuteArticle {
    /// The article as the runner receives it, with swift-syntax's facts about each snippet.
    func job(settings: ExecutionSettings = ExecutionSettings(), supportModule: String? = nil) -> ArticleJob {
        ArticleJob(articlePath: Self.path, snippets: records, settings: settings, supportModule: supportModule)
    }

    /// The snippets with swift-syntax's facts about each, as Extract makes them.
    var records: [SnippetRecord] {
        snippets.map { SnippetRecord(snippet: $0, facts: SnippetAnalysis(code: $0.compiledCode).facts) }
    }
}

extension ArticleRunning {
    /// Runs the article: one run per snippet.
    func runs(_ job: ArticleJob) throws -> [SnippetRun] {
        try run(job).map { $0.run ?? SnippetRun(outcome: .notReached) }
    }
}

extension ToolchainBuilder {
    /// Prepares the toolchain (and a support module), then runs the article.
    func run(_ article: ExecuteArticle, settings: ExecutionSettings = ExecutionSettings(),
             support: (name: String, sources: [SupportSource])? = nil) throws -> [SnippetRun] {
        try prepare(supportModule: support?.name, sources: support?.sources ?? [], package: nil)
            .runs(article.job(settings: settings, supportModule: support?.name))
    }
}

/// A toolchain with a module cache shared by all the tests of a process (so the runtime is built once).
func executeTestRunner() -> ToolchainBuilder {
    ToolchainBuilder(environment: executeTestEnvironment())
}

/// The environment of `executeTestRunner()`: the process's, with the tests' shared module cache.
func executeTestEnvironment() -> ExecutionEnvironment {
    var environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
    environment.cacheDirectory = FileManager().temporaryDirectory.appendingPathComponent("docent-test-cache").path
    return environment
}

extension ExecuteArticle {
    /// The snippets' runs, the article's program linked apart (`merges: false`) or merged with nothing else.
    func runs(merges: Bool) throws -> [SnippetRun] {
        var environment = executeTestEnvironment()
        environment.merges = merges
        let prepared = try ToolchainBuilder(environment: environment).prepared(supportModule: nil, sources: [])
        let articleJob = job()
        let batch = try prepared.merging([articleJob], workers: 1)
        defer { batch.finish() }
        return try batch.runs(articleJob)
    }
}
