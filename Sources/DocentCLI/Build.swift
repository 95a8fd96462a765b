import ArgumentParser
import DocentCore
import DocentPipeline
import Foundation

/// `docent build`: the whole pipeline, writing the site.
public struct Build: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Build the site from the content folder.",
        discussion: "The site is written to a staging folder and swapped in only when the build succeeds."
    )

    @OptionGroup public var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("Where to write the site (replaced on every build).", valueName: "dir"))
    public var output: String = "site"

    @Flag(name: .long, help: "Include articles marked `draft: true`.")
    public var drafts = false

    @Flag(name: .long, help: "List every external link with where it is written (links are never fetched).")
    public var listExternal = false

    @Flag(name: .long, help: "Do not build the search index (Pagefind).")
    public var noSearch = false

    @OptionGroup public var execution: ExecutionOptions

    public init() {}

    public func run() throws {
        let reporter = ConsoleReporter()
        let configuration = BuildConfiguration(contentDirectory: site.content, templatesDirectory: site.templatesDirectory,
                                               outputDirectory: output, includeDrafts: drafts, jobs: execution.jobCount)
        let environment = ProcessInfo.processInfo.environment
        let pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, runner: Docent.makeRunner(execution, content: site.content),
                                searchIndexer: noSearch ? nil : PagefindIndexer(environment: environment))
        let summary = try pipeline.build(configuration)
        if listExternal {
            for link in summary.externalLinks { reporter.info("\(link.location): \(link.url)") }
        }
        reporter.info("Built \(summary.pages) pages from \(summary.articles) articles"
                      + (summary.copiedFiles > 0 ? " (\(summary.copiedFiles) \(summary.copiedFiles == 1 ? "file" : "files") copied)" : "")
                      + " into \(output)/ in \(String(format: "%.2f", summary.seconds)) s")
        if !summary.snippets.cases.isEmpty { reporter.info("Snippets: \(summary.snippets.summaryLine)") }
        // The site is written so the author can see the failures in place; the exit status still says so.
        if summary.snippets.failed > 0 { throw ContentFailed() }
    }
}
