import ArgumentParser
import DocentCore
import DocentExecute
import DocentPipeline
import Foundation

/// `docent build`: the whole pipeline, writing the site.
public struct Build: ReportingCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Build the site from the content folder.",
        discussion: "The content is a folder of articles or one Markdown file (`docent build README.md`). The site is "
            + "written to a staging folder and swapped in only when the build succeeds."
    )

    @OptionGroup public var argument: ContentArgument

    @OptionGroup public var site: SiteOptions

    @OptionGroup public var target: OutputOptions

    @Flag(name: .long, help: "List every external link with where it is written (links are never fetched).")
    public var listExternal = false

    @OptionGroup public var execution: ExecutionOptions

    @OptionGroup public var verbosity: VerbosityOptions

    public init() {}

    public func validate() throws { try argument.validate(site.folder) }

    public func run() throws { try run(reporter: ConsoleReporter()) }

    func run(reporter: any Reporter) throws {
        let reporter = verbosity.reporter(reporter)
        let contentGiven = argument.path != nil || site.folder.given != nil
        let packageMode = try PackageMode.choose(package: execution.package, contentGiven: contentGiven, fileSystem: LocalFileSystem())
        let content = packageMode?.package ?? argument.content(site.folder)
        // A package's site has the built-in theme unless --templates names one.
        let templates = packageMode == nil ? SiteOptions.templatesDirectory(explicit: site.templates, content: content) : site.templates
        try Docent.checkRootFolders(content: content, contentGiven: contentGiven || packageMode != nil,
                                    cacheAnchor: packageMode?.contentAnchor, templates: site.templates,
                                    readsTemplates: packageMode == nil || site.templates != nil, execution: execution)
        if let packageMode { reporter.info(packageMode.foundLine) }
        var configuration = BuildConfiguration(contentDirectory: content, templatesDirectory: templates,
                                               outputDirectory: target.output, includeDrafts: target.drafts, jobs: execution.jobCount)
        configuration.packageDirectory = execution.package
        configuration.packageConfiguration = execution.configuration
        configuration.packageChoices = execution.packageChoices.choices
        configuration.ceilings = try execution.ceilings()
        configuration.documentationSets = packageMode?.sets ?? []
        let toolchain = Docent.makeToolchain(execution, content: packageMode?.contentAnchor ?? content, reporter: reporter)
        var pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: toolchain,
                                searchIndexer: target.searchIndexer)
        // Beside the modules in the user's cache folder; --no-cache reads every snippet again too.
        if !execution.noCache {
            pipeline.analysisCache = AnalysisCache(folder: ExecutionEnvironment(environment: ProcessInfo.processInfo.environment).cacheDirectory)
        }
        let summary = try pipeline.build(configuration)
        if listExternal {
            for link in summary.externalLinks { reporter.info("\(link.location): \(link.url)") }
        }
        reporter.info("Built \(summary.pages) pages from \(summary.articles) articles"
                      + (summary.copiedFiles > 0 ? " (\(summary.copiedFiles) \(summary.copiedFiles == 1 ? "file" : "files") copied)" : "")
                      + " into \(target.output)/ in \(String(format: "%.2f", summary.seconds)) s")
        if !summary.snippets.cases.isEmpty { reporter.info("Snippets: \(summary.snippets.summaryLine)") }
        // The site is written so the author can see the failures in place; the exit status still says so.
        if summary.snippets.failed > 0 { throw ContentFailed() }
    }
}
