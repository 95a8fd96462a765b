import DocentCore
import DocentExecute
import Foundation

/// The Execute stage: prepares the tools once (only when some selected article has code to compile), then compiles
/// and runs the selected articles, `jobs` at a time, filling in every snippet record's run.
///
/// ```swift
/// let compilerVersion = try ExecuteStage(toolchain: builder, reporter: reporter, jobs: 2).run(&records, site)
/// ```
/// Failures of an article's code are in its runs; a failure of the tools is thrown. Articles that do not run
/// (unselected, or nothing to compile) get `notReached` runs.
struct ExecuteStage {
    var toolchain: any ToolchainPreparing
    var reporter: any Reporter
    var jobs: Int
    /// Where the documented package is, if the command line or site.yml names one.
    var package = PackageLocation()

    /// Returns what `swiftc --version` said, when the compiler was needed.
    func run(_ records: inout [ArticleRecord], _ site: ParsedContent) throws -> String? {
        var toRun = records.indices.filter { records[$0].isSelected && records[$0].hasCompiledSnippets }
        for index in records.indices {
            for snippet in records[index].snippets.indices { records[index].snippets[snippet].run = SnippetRun(outcome: .notReached) }
        }
        // Package manifests shown in articles are type-checked against PackageDescription, not run.
        // With a package, declaration listings are checked against its public API.
        let hasPackage = package.given != nil || site.config.package != nil
        var toCheck = records.indices.filter { index in
            records[index].isSelected && records[index].snippets.contains {
                ManifestChecker.isCheckable($0.snippet) || (hasPackage && $0.snippet.listing == .declarations && $0.snippet.mode != .ignore)
            }
        }
        guard !toRun.isEmpty || !toCheck.isEmpty else { return nil }
        let supportModule = supportModuleName(site)
        let request = try package.request(site: site.config)
        let runner = try toolchain.prepare(supportModule: supportModule,
                                           sources: site.supportSources.map { SupportSource(path: $0.path, text: $0.text) },
                                           package: request)
        runner.warnings.forEach(reporter.report)
        // A catalog of a target no library product holds is left out, with a warning at the catalog.
        let unexported = UnexportedCatalogs(targets: runner.packageTargets, packageFolder: request?.folder)
            .leaveOut(&records, among: Array(Set(toRun + toCheck)).sorted())
        unexported.warnings.forEach(reporter.report)
        toRun.removeAll(where: unexported.leftOut.contains)
        toCheck.removeAll(where: unexported.leftOut.contains)
        let articleJobs = toRun.map { index in
            let article = records[index].article
            let (siteSettings, articleSettings) = (site.config.execution, article.frontMatter.execution)
            var settings = ExecutionSettings.resolve(site: siteSettings, article: articleSettings)
            var defaults = PackageImports.defaults(packageModules: runner.packageModules, snippets: records[index].snippets)
            PackageImports.apply(package.choices, packageModules: runner.packageModules, defaults: &defaults, settings: &settings.imports)
            return ArticleJob(articlePath: article.path, snippets: records[index].snippets,
                              settings: settings, supportModule: supportModule,
                              defaultImports: defaults,
                              importLocations: ExecutionOverrides.itemLocations(of: ExecutionSettingTable.standard.imports.key,
                                                                                site: siteSettings, article: articleSettings))
        }
        // Articles run `jobs` at a time; each result goes back to its own record, so reports keep article order.
        let total = articleJobs.count
        let batch = try runner.merging(articleJobs, workers: jobs)
        defer { batch.finish() }
        let results = articleJobs.concurrentMap(workers: jobs) { [reporter] job in
            let began = Date()
            reporter.progress(.started(path: job.articlePath, total: total))
            defer { reporter.progress(.finished(path: job.articlePath, seconds: Date().timeIntervalSince(began), total: total)) }
            return try batch.run(job)
        }
        for (position, index) in toRun.enumerated() { records[index].snippets = try results[position].get() }
        for index in toCheck {
            for snippet in records[index].snippets.indices where ManifestChecker.isCheckable(records[index].snippets[snippet].snippet) {
                if let run = try runner.checkManifest(records[index].snippets[snippet].snippet, articlePath: records[index].article.path) {
                    records[index].snippets[snippet].run = run
                }
            }
            for snippet in records[index].snippets.indices where records[index].snippets[snippet].snippet.listing == .declarations {
                if let run = runner.checkListing(records[index].snippets[snippet].snippet) { records[index].snippets[snippet].run = run }
            }
        }
        if let counts = batch.startCounts { reporter.detail(counts) }
        return runner.compilerVersion
    }

    /// The support module's name when the site has support files; warns when it has files but no name.
    private func supportModuleName(_ site: ParsedContent) -> String? {
        guard let module = site.config.supportModule else {
            if let first = site.supportSources.first {
                reporter.report(ExecuteDiagnostics.supportModuleUnnamed(at: SourceLocation(path: first.path)))
            }
            return nil
        }
        return site.supportSources.isEmpty ? nil : module
    }
}
