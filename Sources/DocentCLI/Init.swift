import ArgumentParser
import DocentCore
import DocentPipeline
import Foundation

/// `docent init [DIR]`: a new site, ready for `docent serve`.
public struct Init: ReportingCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Start a new site: content/ with site.yml and a first article, a .gitignore and a README.",
        discussion: "Never overwrites a file: if any it would write exists, it writes nothing."
    )

    @Argument(help: ArgumentHelp("The folder to create the site in.", valueName: "dir"))
    public var directory: String = "."

    @Option(name: .long, help: ArgumentHelp("The site's title.", valueName: "text"))
    public var title: String = "My Swift tutorials"

    public init() {}

    public func run() throws { try run(reporter: ConsoleReporter()) }

    func run(reporter: any Reporter) throws {
        let scaffold = SiteScaffold(title: title, today: CheckStamp(swiftVersion: nil, at: Date()).date)
        let written = try scaffold.write(into: directory, fileSystem: LocalFileSystem())
        for path in written { reporter.info("Created \(path)") }
        let into = directory == "." ? "" : "cd \(directory) && "
        reporter.info("Next: \(into)docent serve   (or docent build, docent test)")
    }
}
