import ArgumentParser
import DocentCore
import DocentPipeline
import Foundation

/// `docent new "Title"`: a new article with its front matter filled in.
public struct New: ReportingCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Start a new article: content/<slug>.md with today's date and a starter snippet.",
        discussion: "With --series, the article goes last in that series and takes the time zone and locale its other articles share."
    )

    @Argument(help: ArgumentHelp("The article's title.", valueName: "title"))
    public var title: String

    @Option(name: .long, help: ArgumentHelp("Put the article at the end of this series.", valueName: "name"))
    public var series: String?

    @OptionGroup public var folder: ContentOptions

    public init() {}

    public func validate() throws {
        if title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the title is empty") }
        if let series, series.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--series needs a name") }
    }

    public func run() throws { try run(reporter: ConsoleReporter()) }

    func run(reporter: any Reporter) throws {
        let content = folder.content
        let fileSystem = LocalFileSystem()
        var existing: [Article] = []
        if fileSystem.directoryExists(content) {
            existing = try ContentParser(includeDrafts: true).parse(try ContentLoader(fileSystem: fileSystem).load(from: content)).articles
        }
        let scaffold = ArticleScaffold(title: title, today: CheckStamp(swiftVersion: nil, at: Date()).date, series: series)
        let path = try scaffold.write(into: content, existing: existing, fileSystem: fileSystem)
        reporter.info("Created \(path)")
    }
}
