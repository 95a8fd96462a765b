import ArgumentParser
import DocentCore
import DocentPipeline
import DocentServe
import Foundation

/// `docent serve`: builds the site, serves it, and rebuilds and reloads open pages whenever the content or the
/// templates change. A failing build keeps the last good site served, with its errors over the page.
public struct Serve: ReportingCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Build the site, serve it, and rebuild and reload the page on every change.",
        discussion: "Watches the content folder (support code included) and the templates; only what changed is recompiled. Ctrl-C stops."
    )

    @OptionGroup public var site: SiteOptions

    @OptionGroup public var target: OutputOptions

    @Option(name: .long, help: ArgumentHelp("The port to serve on (0: any free port).", valueName: "port"))
    public var port: Int = 8080

    @Option(name: .long, help: ArgumentHelp("The address to serve on.", valueName: "host"))
    public var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Open the site in the browser once it is served (xdg-open).")
    public var open = false

    @OptionGroup public var execution: ExecutionOptions

    @OptionGroup public var verbosity: VerbosityOptions

    public init() {}

    public func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port takes a number from 0 to 65535, not \(port)") }
        if host.isEmpty { throw ValidationError("--host needs an address") }
    }

    public func run() throws { try run(reporter: ConsoleReporter()) }

    func run(reporter: any Reporter) throws {
        let reporter = verbosity.reporter(reporter)
        try Docent.checkRootFolders(content: site.content, contentGiven: site.folder.given != nil, templates: site.templates,
                                    execution: execution)
        let fileSystem = LocalFileSystem()
        // Without Pagefind every rebuild would warn the same: said once, and the rebuilds index nothing.
        let searchIndexer = target.searchIndexer.flatMap { indexer -> (any SearchIndexing)? in
            if indexer.isAvailable { return indexer }
            reporter.report(PagefindIndexer.notInstalled)
            return nil
        }
        let pipeline = Pipeline(fileSystem: fileSystem, reporter: reporter, toolchain: Docent.makeToolchain(execution, content: site.content, reporter: reporter),
                                searchIndexer: searchIndexer)
        var request = ServeDriver.Request(content: site.content, templates: site.templatesFolderToWatch, templatesGiven: site.templates != nil,
                                          output: target.output, includeDrafts: target.drafts, jobs: execution.jobCount,
                                          host: host, port: port, openBrowser: open,
                                          unwatched: execution.programCache(content: site.content).map { [$0.directory] } ?? [],
                                          package: execution.package)
        request.packageConfiguration = execution.configuration
        request.packageChoices = execution.packageChoices.choices
        request.ceilings = try execution.ceilings()
        try ServeDriver(pipeline: pipeline, fileSystem: fileSystem, reporter: reporter).run(request)
    }
}
