import DocentCore
import Foundation

/// The only place that sequences the stages: Load → Parse → Extract → Execute → Check → Weave → Render → Write.
///
/// ```swift
/// let pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, runner: runner)
/// let summary = try pipeline.build(BuildConfiguration())       // summary.snippets.failed > 0: exit 1
/// let report = try pipeline.test(TestConfiguration())           // Load … Check, no site written
/// ```
/// Every stage is a value with one entry point; the pipeline reports `[i/n] step` as each begins and
/// passes each stage's output, and nothing else, to the next.
public struct Pipeline: Sendable {
    public static let version = "0.1.0"

    private let fileSystem: any FileSystem
    private let reporter: any Reporter
    private let runner: any ArticleRunning
    private let clock: @Sendable () -> Date

    public init(fileSystem: any FileSystem, reporter: any Reporter, runner: any ArticleRunning,
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.fileSystem = fileSystem
        self.reporter = reporter
        self.runner = runner
        self.clock = clock
    }

    public func build(_ configuration: BuildConfiguration) throws -> BuildSummary {
        let started = clock()
        try configuration.validate()
        var progress = Progress(reporter: reporter, total: 8)

        let (content, templates) = try progress.step("Load") {
            (try ContentLoader(fileSystem: fileSystem).load(from: configuration.contentDirectory),
             try TemplateLoader(fileSystem: fileSystem).load(from: configuration.templatesDirectory))
        }
        let site = try progress.step("Parse") {
            try ContentParser(includeDrafts: configuration.includeDrafts).parse(content)
        }
        let snippets = try progress.step("Extract") { try extract(site.articles) }
        let runs = try progress.step("Execute") { try execute(site, snippets) }
        let report = progress.step("Check") { check(site.articles, snippets, runs) }
        report.cases.flatMap(\.failureDiagnostics).forEach(reporter.report)
        let woven = try progress.step("Weave") {
            let weaver = PageWeaver(articles: site.articles, assets: site.assets)
            return try Self.collecting(zip(site.articles, report.articles).map { article, checked in
                { try weaver.weave(article, snippets: checked.snippets) }
            })
        }
        let files = try progress.step("Render") {
            try SiteRenderer(templates: templates, config: site.config, contentDirectory: configuration.contentDirectory,
                             generator: "Docent \(Self.version)").render(articles: woven, assets: site.assets)
        }
        try progress.step("Write") {
            try SiteWriter(fileSystem: fileSystem).write(files, to: configuration.outputDirectory)
        }
        let pages = files.filter { if case .generated = $0 { true } else { false } }.count
        return BuildSummary(articles: site.articles.count, pages: pages, copiedFiles: files.count - pages,
                            seconds: clock().timeIntervalSince(started), snippets: report)
    }

    /// Runs every snippet (or those whose test name contains `filter`) and judges it, without writing a site.
    /// Input errors (bad front matter, an unknown snippet attribute, broken support code) are thrown;
    /// failing snippets are in the report.
    public func test(_ configuration: TestConfiguration) throws -> TestReport {
        var progress = Progress(reporter: reporter, total: 5)
        let content = try progress.step("Load") {
            try ContentLoader(fileSystem: fileSystem).load(from: configuration.contentDirectory)
        }
        let site = try progress.step("Parse") {
            try ContentParser(includeDrafts: configuration.includeDrafts).parse(content)
        }
        let snippets = try progress.step("Extract") { try extract(site.articles) }
        let selected = snippets.map { articleSnippets in
            articleSnippets.contains { configuration.filter.map($0.name.contains) ?? true }
        }
        let runs = try progress.step("Execute") { try execute(site, snippets, only: selected) }
        return progress.step("Check") {
            var report = check(site.articles, snippets, runs)
            if let filter = configuration.filter {
                report.articles = report.articles.compactMap { article in
                    let kept = article.snippets.filter { $0.name.contains(filter) }
                    return kept.isEmpty ? nil : TestReport.ArticleResults(path: article.path, snippets: kept)
                }
            }
            return report
        }
    }

    // MARK: - Extract, Execute, Check

    /// Every article's snippets; the errors of all articles are thrown together.
    private func extract(_ articles: [Article]) throws -> [[Snippet]] {
        let extractor = SnippetExtractor()
        return try Self.collecting(articles.map { article in { try extractor.extract(article) } })
    }

    /// Prepares the support module once, then runs each article's snippets. An article's runner never
    /// throws, so a compile error, trap or time-out in one article leaves the others to run.
    private func execute(_ site: ParsedContent, _ snippets: [[Snippet]], only selected: [Bool]? = nil) throws -> [[SnippetRun]] {
        let supportModule = try prepareSupport(site)
        var runs: [[SnippetRun]] = []
        for (index, (article, articleSnippets)) in zip(site.articles, snippets).enumerated() {
            guard !articleSnippets.isEmpty, selected?[index] ?? true else {
                runs.append(articleSnippets.map { _ in SnippetRun(outcome: .notReached) })
                continue
            }
            let settings = ExecutionSettings(article: article.frontMatter.execution, site: site.config.execution,
                                             timeLimit: site.config.timeLimit ?? ExecutionSettings.defaultTimeLimit,
                                             outputLimit: site.config.outputLimit ?? ExecutionSettings.defaultOutputLimit)
            var articleRuns = runner.run(articlePath: article.path, snippets: articleSnippets, settings: settings,
                                         supportModule: supportModule)
            if articleRuns.count != articleSnippets.count {
                let problem = Diagnostic.error(at: SourceLocation(path: article.path),
                                               "the runner returned \(articleRuns.count) results for \(articleSnippets.count) snippets")
                articleRuns = articleSnippets.indices.map { index in
                    index < articleRuns.count ? articleRuns[index] : SnippetRun(outcome: .notReached, diagnostics: [problem])
                }
            }
            runs.append(articleRuns)
        }
        return runs
    }

    /// Compiles `content/_support/` into the module named by `support-module`; returns that name, or `nil`.
    private func prepareSupport(_ site: ParsedContent) throws -> String? {
        guard let module = site.config.supportModule else {
            if let first = site.supportSources.first {
                reporter.report(.warning(at: SourceLocation(path: first.path),
                                         "the support files are not compiled: site.yml sets no `support-module`",
                                         notes: ["add `support-module: Support` to site.yml to import them as `Support`"]))
            }
            return nil
        }
        guard !site.supportSources.isEmpty else { return nil }
        try runner.prepareSupport(moduleName: module,
                                  sources: site.supportSources.map { SupportSource(path: $0.path, text: $0.text) })
        return module
    }

    /// Judges every run against its snippet's expectations.
    private func check(_ articles: [Article], _ snippets: [[Snippet]], _ runs: [[SnippetRun]]) -> TestReport {
        let checker = ResultChecker()
        return TestReport(articles: zip(articles, zip(snippets, runs)).map { article, pair in
            TestReport.ArticleResults(path: article.path, snippets: zip(pair.0, pair.1).map { snippet, run in
                CheckedSnippet(snippet: snippet, result: checker.check(snippet, run))
            })
        })
    }

    /// Runs every job, even after one fails, and throws all their diagnostics together.
    static func collecting<T>(_ jobs: [() throws -> T]) throws -> [T] {
        var results: [T] = []
        var problems: [Diagnostic] = []
        for job in jobs {
            do { results.append(try job()) } catch { problems += DiagnosticError.diagnostics(from: error) }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return results
    }
}

/// Numbers the pipeline's steps as they run and reports them.
private struct Progress {
    let reporter: any Reporter
    let total: Int
    var index = 0

    mutating func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        index += 1
        reporter.step(index, of: total, name)
        return try body()
    }
}
