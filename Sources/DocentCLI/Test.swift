import ArgumentParser
import DocentCore
import DocentPipeline
import Foundation

/// `docent test`: compiles and runs every snippet and checks it against its expectations, without writing the site.
public struct Test: ReportingCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run every Swift snippet and check its output and values, without building the site.",
        discussion: "Each snippet is a test case named content/x.md:LINE. The content is a folder of articles or one "
            + "Markdown file (`docent test README.md`); with --package and no content, every documentation set of the "
            + "package (README.md, Guides/, Documentation/, Sources/*/*.docc, Snippets/). Exits 1 if any failed, 2 on input errors."
    )

    @OptionGroup public var argument: ContentArgument

    @OptionGroup public var folder: ContentOptions

    @Option(name: .long, help: ArgumentHelp("Only run test cases whose name (content/x.md:LINE) contains this text.",
                                            valueName: "text"))
    public var filter: String?

    @Flag(name: .long, help: "Rewrite stale `output` blocks and `// =>` values with what actually happened.")
    public var update = false

    @Option(name: .long, help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"))
    public var junit: String?

    @Option(name: .long, help: ArgumentHelp("Run only part K of N of the articles (stable by path); the parts of one run "
                                            + "hold every test case exactly once.", valueName: "K/N"))
    public var shard: String?

    @OptionGroup public var output: FormatOptions

    @OptionGroup public var execution: ExecutionOptions

    @OptionGroup public var verbosity: VerbosityOptions

    public init() {}

    public func validate() throws {
        try argument.validate(folder)
        if let filter, filter.isEmpty { throw ValidationError("--filter needs some text to match") }
        if let junit, junit.isEmpty { throw ValidationError("--junit needs a file path") }
        if let shard, TestConfiguration.Shard(shard) == nil {
            throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, like 2/3, not '\(shard)'")
        }
    }

    public func run() throws { try run(reporter: ConsoleReporter()) }

    func run(reporter: any Reporter) throws {
        let reporter = verbosity.reporter(reporter)
        do { try check(reporter: reporter) } catch where !(error is ContentFailed) {
            // Input errors (exit 2) and docent's own failures (exit 3) are annotated too; Docent.run prints them as usual.
            output.annotate(DiagnosticError.diagnostics(from: error), title: { _ in "docent test" }, reporter: reporter)
            throw error
        }
    }

    private func check(reporter: any Reporter) throws {
        let fileSystem = LocalFileSystem()
        let contentGiven = argument.path != nil || folder.given != nil
        let packageMode = try PackageMode.choose(package: execution.package, contentGiven: contentGiven, fileSystem: fileSystem)
        let content = packageMode?.package ?? argument.content(folder)
        try Docent.checkRootFolders(content: content, contentGiven: contentGiven || packageMode != nil,
                                    cacheAnchor: packageMode?.contentAnchor, templates: nil, readsTemplates: false, execution: execution)
        if let packageMode { reporter.info(packageMode.foundLine) }
        let toolchain = Docent.makeToolchain(execution, content: packageMode?.contentAnchor ?? content, reporter: reporter)
        let pipeline = Pipeline(fileSystem: fileSystem, reporter: reporter, toolchain: toolchain)
        var configuration = TestConfiguration(contentDirectory: content, filter: filter,
                                              shard: shard.flatMap(TestConfiguration.Shard.init), jobs: execution.jobCount)
        configuration.packageDirectory = execution.package
        configuration.packageConfiguration = execution.configuration
        configuration.packageChoices = execution.packageChoices.choices
        configuration.ceilings = try execution.ceilings()
        configuration.documentationSets = packageMode?.sets ?? []
        let request = TestDriver.Request(test: configuration, update: update, junit: junit)
        let report = try TestDriver(pipeline: pipeline, fileSystem: fileSystem, reporter: reporter).run(request)
        packageMode?.countLines(report).forEach(reporter.info)
        for checked in report.cases where checked.failed {
            output.annotate(checked.failureDiagnostics, title: { _ in "docent test \(checked.name)" }, reporter: reporter)
        }
        if report.failed > 0 { throw ContentFailed() }
    }
}
