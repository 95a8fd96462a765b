import DocentCore
import DocentExecute
import Foundation

/// The only place that sequences the stages: Load → Parse → Extract → Execute → Check → Weave → Render → Write.
///
/// ```swift
/// let pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: ToolchainBuilder(environment: env))
/// let summary = try pipeline.build(BuildConfiguration())       // summary.snippets.failed > 0: exit 1
/// let report = try pipeline.test(TestConfiguration())           // Load … Check, no site written
/// ```
/// Every stage is a value with one entry point; the pipeline reports `[i/n] step` as each begins and passes one
/// record per article (`ArticleRecord`) from stage to stage.
public struct Pipeline: Sendable {
    public static let version = DocentBuild.version

    /// The pipeline's steps, in order; `build` takes them all, `test` those up to Check.
    enum Step: String, CaseIterable {
        case load = "Load", parse = "Parse", extract = "Extract", execute = "Execute", check = "Check"
        case weave = "Weave", render = "Render", write = "Write"
    }

    private let fileSystem: any FileSystem
    private let reporter: any Reporter
    private let toolchain: any ToolchainPreparing
    private let clock: @Sendable () -> Date
    private let searchIndexer: (any SearchIndexing)?
    /// Where Extract keeps swift-syntax's readings of snippets, and Weave their highlighting, between builds; `nil`
    /// reads every snippet each time.
    public var analysisCache: AnalysisCache?

    /// `toolchain` prepares the compiler and runs articles' code; `searchIndexer` builds the search index into each
    /// new site before it is swapped in (`nil` for none).
    public init(fileSystem: any FileSystem, reporter: any Reporter, toolchain: any ToolchainPreparing,
                clock: @escaping @Sendable () -> Date = { Date() }, searchIndexer: (any SearchIndexing)? = nil) {
        self.fileSystem = fileSystem
        self.reporter = reporter
        self.toolchain = toolchain
        self.clock = clock
        self.searchIndexer = searchIndexer
    }

    public func build(_ configuration: BuildConfiguration) throws -> BuildSummary {
        let started = clock()
        try configuration.validate()
        let writer = SiteWriter(fileSystem: fileSystem)
        try writer.checkReplaceable(configuration.outputDirectory)
        let progress = Progress(reporter: reporter, steps: Step.allCases)
        var (content, site, records, templates) = try read(configuration.contentDirectory, sets: configuration.documentationSets, includeDrafts: configuration.includeDrafts,
                                                           ceilings: configuration.ceilings, progress: progress) {
            try TemplateLoader(fileSystem: fileSystem).load(from: configuration.templatesDirectory)
        }
        let compilerVersion = try progress.step(.execute) {
            try ExecuteStage(toolchain: toolchain, reporter: reporter, jobs: configuration.jobs,
                             package: PackageLocation(given: configuration.packageDirectory, configuration: configuration.packageConfiguration,
                                                      choices: configuration.packageChoices, content: configuration.contentDirectory,
                                                      excluded: [configuration.outputDirectory]))
                .run(&records, site)
        }
        let report = progress.step(.check) { CheckStage().run(&records) }
        report.cases.flatMap(\.failureDiagnostics).forEach(reporter.report)
        let woven = try progress.step(.weave) {
            var built = PageWeaver(articles: site.articles, assets: site.assets)
            built.snippetPrograms = PageWeaver.snippetPrograms(records, sets: content.sets)
            built.highlights = analysisCache
            let weaver = built
            let woven = try Self.collected(records.concurrentMap { record in try weaver.weave(record.article, snippets: record.checked) })
            try LinkChecker().check(woven)
            woven.flatMap(\.warnings).forEach(reporter.report)
            return woven
        }
        let files = try progress.step(.render) {
            SiteRenderer.baseURLWarning(site.config, siteFile: content.siteConfig?.path).map(reporter.report)
            let checked = CheckStamp(compilerVersion: compilerVersion, at: started)
            return try SiteRenderer(templates: templates, config: site.config, contentDirectory: content.directory,
                                    generator: "Docent \(Self.version)", checked: checked,
                                    hasSearch: searchIndexer?.isAvailable ?? false).render(articles: woven, assets: site.assets)
        }
        try progress.step(.write) {
            try writer.write(files, to: configuration.outputDirectory, searchIndexer: searchIndexer).map(reporter.report)
        }
        let pages = files.filter { if case .generated(let path, _) = $0 { path.hasSuffix(".html") } else { false } }.count
        let generated = files.filter { if case .generated = $0 { true } else { false } }.count
        var summary = BuildSummary(articles: site.articles.count, pages: pages, copiedFiles: files.count - generated,
                                   seconds: clock().timeIntervalSince(started), snippets: report)
        summary.externalLinks = woven.flatMap(\.externalLinks)
        return summary
    }

    /// Runs every selected snippet (`--filter`, `--shard`) and judges it, without writing a site.
    /// Input errors (bad front matter, an unknown snippet attribute, broken support code) are thrown;
    /// failing snippets are in the report.
    public func test(_ configuration: TestConfiguration) throws -> TestReport {
        let progress = Progress(reporter: reporter, steps: Array(Step.allCases.prefix { $0 != .weave }))
        var (_, site, records, _) = try read(configuration.contentDirectory, sets: configuration.documentationSets, includeDrafts: configuration.includeDrafts,
                                             ceilings: configuration.ceilings, progress: progress) {}
        let selection = TestSelection(filter: configuration.filter, shard: configuration.shard)
        selection.select(&records)
        _ = try progress.step(.execute) {
            try ExecuteStage(toolchain: toolchain, reporter: reporter, jobs: configuration.jobs,
                             package: PackageLocation(given: configuration.packageDirectory, configuration: configuration.packageConfiguration,
                                                      choices: configuration.packageChoices, content: configuration.contentDirectory,
                                                      excluded: configuration.packageExcluded))
                .run(&records, site)
        }
        return progress.step(.check) { CheckStage().run(&records, selection: selection) }
    }

    /// The steps `build` and `test` share: Load (the content folder, or the package's documentation `sets` in it, and
    /// whatever `alsoLoading` reads in the same step), Parse, and Extract into one record per article.
    private func read<Extra>(_ contentDirectory: String, sets: [DocumentationSet], includeDrafts: Bool, ceilings: ExecutionCeilings, progress: Progress,
                             alsoLoading: () throws -> Extra) throws -> (LoadedContent, ParsedContent, [ArticleRecord], Extra) {
        let (content, extra) = try progress.step(.load) {
            (sets.isEmpty ? try ContentLoader(fileSystem: fileSystem).load(from: contentDirectory)
                          : try PackageContentLoader(fileSystem: fileSystem).load(sets, in: contentDirectory),
             try alsoLoading())
        }
        content.warnings.forEach(reporter.report)
        let site = try progress.step(.parse) { try ContentParser(includeDrafts: includeDrafts, ceilings: ceilings).parse(content) }
        let records = try progress.step(.extract) { try extract(site.articles) }
        records.flatMap(\.snippets).flatMap(\.snippet.warnings).forEach(reporter.report)
        return (content, site, records, extra)
    }

    /// Every article's record with its snippets, articles analysed on every core; the errors of all articles are
    /// thrown together, in article order.
    private func extract(_ articles: [Article]) throws -> [ArticleRecord] {
        let extractor = SnippetExtractor(analysisCache: analysisCache)
        return try Self.collected(articles.concurrentMap { article in
            ArticleRecord(article: article, snippets: try extractor.extractWithFacts(article))
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

/// Numbers the pipeline's steps as they run and reports them.
private struct Progress {
    let reporter: any Reporter
    let steps: [Pipeline.Step]

    func step<T>(_ step: Pipeline.Step, _ body: () throws -> T) rethrows -> T {
        reporter.step((steps.firstIndex(of: step) ?? 0) + 1, of: steps.count, step.rawValue)
        return try body()
    }
}
