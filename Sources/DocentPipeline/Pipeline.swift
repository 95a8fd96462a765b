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
    private let searchIndexer: (any SearchIndexing)?

    /// `searchIndexer` builds the search index into each new site before it is swapped in; `nil` for none.
    public init(fileSystem: any FileSystem, reporter: any Reporter, runner: any ArticleRunning,
                clock: @escaping @Sendable () -> Date = { Date() }, searchIndexer: (any SearchIndexing)? = nil) {
        self.fileSystem = fileSystem
        self.reporter = reporter
        self.runner = runner
        self.clock = clock
        self.searchIndexer = searchIndexer
    }

    public func build(_ configuration: BuildConfiguration) throws -> BuildSummary {
        let started = clock()
        try configuration.validate()
        try SiteWriter(fileSystem: fileSystem).checkReplaceable(configuration.outputDirectory)
        var progress = Progress(reporter: reporter, total: 8)

        let (content, templates) = try progress.step("Load") {
            (try ContentLoader(fileSystem: fileSystem).load(from: configuration.contentDirectory),
             try TemplateLoader(fileSystem: fileSystem).load(from: configuration.templatesDirectory))
        }
        content.warnings.forEach(reporter.report)
        let site = try progress.step("Parse") {
            try ContentParser(includeDrafts: configuration.includeDrafts).parse(content)
        }
        var records = try progress.step("Extract") { try extract(site.articles) }
        try progress.step("Execute") { try execute(&records, site, jobs: configuration.jobs) }
        let report = progress.step("Check") { check(&records) }
        report.cases.flatMap(\.failureDiagnostics).forEach(reporter.report)
        let woven = try progress.step("Weave") {
            let weaver = PageWeaver(articles: site.articles, assets: site.assets)
            let woven = try Self.collected(records.concurrentMap { record in try weaver.weave(record.article, snippets: record.checked) })
            try LinkChecker().check(woven)
            woven.flatMap(\.warnings).forEach(reporter.report)
            return woven
        }
        let siteFile = ContentLoader.join(configuration.contentDirectory, "site.yml")
        if !SiteAddress(site.config.baseURL).isAbsolute, fileSystem.fileExists(siteFile) {
            reporter.report(.warning(at: SourceLocation(path: siteFile),
                                     "base-url '\(site.config.baseURL)' is not an absolute address: pages get no canonical or "
                                     + "Open Graph address, and there is no sitemap.xml",
                                     notes: ["set `base-url: https://your.site/` in site.yml"]))
        }
        let checkedFacts = CheckFacts(swiftVersion: runner.compilerVersion.flatMap(CheckFacts.swiftVersion(fromCompilerVersion:)),
                                      at: started)
        let files = try progress.step("Render") {
            try SiteRenderer(templates: templates, config: site.config, contentDirectory: configuration.contentDirectory,
                             generator: "Docent \(Self.version)", checked: checkedFacts,
                             hasSearch: searchIndexer?.isAvailable ?? false).render(articles: woven, assets: site.assets)
        }
        try progress.step("Write") {
            let writer = SiteWriter(fileSystem: fileSystem)
            try writer.write(files, to: configuration.outputDirectory) { staging, changed in
                guard let searchIndexer else { return }
                // Pages that did not change keep their index: Pagefind runs only when some page did.
                if !changed, writer.carryOver("pagefind", from: configuration.outputDirectory, into: staging) { return }
                if let warning = try searchIndexer.index(site: staging) { reporter.report(warning) }
            }
        }
        let pages = files.filter { if case .generated(let path, _) = $0 { path.hasSuffix(".html") } else { false } }.count
        let generated = files.filter { if case .generated = $0 { true } else { false } }.count
        var summary = BuildSummary(articles: site.articles.count, pages: pages, copiedFiles: files.count - generated,
                                   seconds: clock().timeIntervalSince(started), snippets: report)
        summary.externalLinks = woven.flatMap(\.externalLinks)
        return summary
    }

    /// Runs every snippet (or those whose test name contains `filter`) and judges it, without writing a site.
    /// Input errors (bad front matter, an unknown snippet attribute, broken support code) are thrown;
    /// failing snippets are in the report.
    public func test(_ configuration: TestConfiguration) throws -> TestReport {
        var progress = Progress(reporter: reporter, total: 5)
        let content = try progress.step("Load") {
            try ContentLoader(fileSystem: fileSystem).load(from: configuration.contentDirectory)
        }
        content.warnings.forEach(reporter.report)
        let site = try progress.step("Parse") {
            try ContentParser(includeDrafts: configuration.includeDrafts).parse(content)
        }
        var records = try progress.step("Extract") { try extract(site.articles) }
        for index in records.indices where !records[index].snippets.contains(where: { configuration.filter.map($0.name.contains) ?? true }) {
            records[index].isSelected = false
        }
        if let shard = configuration.shard {
            let withSnippets = records.indices.filter { !records[$0].snippets.isEmpty }
                .sorted { records[$0].article.path < records[$1].article.path }
            for (position, index) in withSnippets.enumerated() where !shard.contains(position: position) {
                records[index].isSelected = false
            }
        }
        try progress.step("Execute") { try execute(&records, site, jobs: configuration.jobs) }
        return progress.step("Check") {
            var report = check(&records)
            if configuration.shard != nil {
                let selected = Set(records.filter { $0.isSelected && !$0.snippets.isEmpty }.map(\.article.path))
                report.articles = report.articles.filter { selected.contains($0.path) }
            }
            if let filter = configuration.filter {
                report.articles = report.articles.compactMap { article in
                    let kept = article.snippets.filter { $0.name.contains(filter) }
                    return kept.isEmpty ? nil : TestReport.ArticleResults(path: article.path, snippets: kept, source: article.source)
                }
            }
            return report
        }
    }

    // MARK: - Extract, Execute, Check

    /// Every article's record with its snippets, articles analysed on every core; the errors of all articles are
    /// thrown together, in article order.
    private func extract(_ articles: [Article]) throws -> [ArticleRecord] {
        let extractor = SnippetExtractor()
        return try Self.collected(articles.concurrentMap { article in
            ArticleRecord(article: article, extracted: try extractor.extractWithFacts(article))
        })
    }

    /// Prepares the toolchain and support module once (only when some article has code to compile), then runs
    /// each selected article. Failures of an article's code are in its runs; a failure of the tools is thrown.
    private func execute(_ records: inout [ArticleRecord], _ site: ParsedContent, jobs: Int) throws {
        let needsCompiler = records.contains { record in record.isSelected && record.snippets.contains { $0.mode.isCompiled } }
        let supportModule = supportModuleName(site)
        if needsCompiler {
            let warnings = try runner.prepare(supportModule: supportModule,
                                              sources: site.supportSources.map { SupportSource(path: $0.path, text: $0.text) })
            warnings.forEach(reporter.report)
        }
        let toRun = records.indices.filter { needsCompiler && records[$0].isSelected && !records[$0].snippets.isEmpty }
        let running = Set(toRun)
        for index in records.indices where !running.contains(index) {
            records[index].runs = records[index].snippets.map { _ in SnippetRun(outcome: .notReached) }
        }
        let articleJobs = (0..<toRun.count).map { position in
            let record = records[toRun[position]]
            var settings = ExecutionSettings(article: record.article.frontMatter.execution, site: site.config.execution,
                                             timeLimit: site.config.timeLimit ?? ExecutionSettings.defaultTimeLimit,
                                             outputLimit: site.config.outputLimit ?? ExecutionSettings.defaultOutputLimit)
            settings.memoryLimit = site.config.memoryLimit ?? ExecutionSettings.defaultMemoryLimit
            settings.compileTimeLimit = site.config.compileTimeLimit ?? ExecutionSettings.defaultCompileTimeLimit
            return ArticleJob(articlePath: record.article.path, snippets: record.snippets, facts: record.facts,
                              settings: settings, supportModule: supportModule)
        }
        // Articles run `jobs` at a time; each result goes back to its own record, so reports keep article order.
        let total = articleJobs.count
        let results = articleJobs.concurrentMap(workers: jobs) { [reporter, runner] job in
            let began = Date()
            reporter.progress(.started(path: job.articlePath, total: total))
            defer { reporter.progress(.finished(path: job.articlePath, seconds: Date().timeIntervalSince(began), total: total)) }
            return try runner.run(job)
        }
        for (position, index) in toRun.enumerated() {
            let runs = try results[position].get()
            if runs.count != records[index].snippets.count {
                throw DiagnosticError([.error(at: SourceLocation(path: records[index].article.path),
                                              "internal error: the runner returned \(runs.count) results for \(records[index].snippets.count) snippets")])
            }
            records[index].runs = runs
        }
    }

    /// The support module's name when the site has support files; warns when it has files but no name.
    private func supportModuleName(_ site: ParsedContent) -> String? {
        guard let module = site.config.supportModule else {
            if let first = site.supportSources.first {
                reporter.report(.warning(at: SourceLocation(path: first.path),
                                         "the support files are not compiled: site.yml sets no `support-module`",
                                         notes: ["add `support-module: Support` to site.yml to import them as `Support`"]))
            }
            return nil
        }
        return site.supportSources.isEmpty ? nil : module
    }

    /// Judges every run against its snippet's expectations.
    private func check(_ records: inout [ArticleRecord]) -> TestReport {
        let checker = ResultChecker()
        for index in records.indices {
            records[index].checked = zip(records[index].snippets, records[index].runs).map { snippet, run in
                CheckedSnippet(snippet: snippet, result: checker.check(snippet, run))
            }
        }
        return TestReport(articles: records.map {
            TestReport.ArticleResults(path: $0.article.path, snippets: $0.checked, source: $0.article.sourceText)
        })
    }

    /// The values, or every failure's diagnostics thrown together.
    static func collected<T>(_ results: [Result<T, any Error>]) throws -> [T] {
        try collecting(results.map { result in { try result.get() } })
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

/// Everything the pipeline knows about one article, stage by stage: the unit of work.
struct ArticleRecord: Sendable {
    var article: Article
    var snippets: [Snippet]
    /// What swift-syntax found in each snippet, for the planner.
    var facts: [BlockFacts]
    /// Whether `docent test --filter` selected the article.
    var isSelected = true
    var runs: [SnippetRun] = []
    var checked: [CheckedSnippet] = []

    init(article: Article, extracted: [ExtractedSnippet]) {
        self.article = article
        self.snippets = extracted.map(\.snippet)
        self.facts = extracted.map(\.facts)
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
