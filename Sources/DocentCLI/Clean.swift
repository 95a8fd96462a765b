import ArgumentParser
import DocentCore
import DocentExecute
import DocentPipeline
import Foundation

/// `docent clean`: removes the output folder (only if docent made it), the site's cache of program outcomes, and
/// docent's cache of compiled modules.
public struct Clean: ReportingCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Remove the built site (only a folder docent made) and the cache of compiled modules."
    )

    @Option(name: .long, help: ArgumentHelp("The site folder to remove.", valueName: "dir"))
    public var output: String = "site"

    /// The content folder, whose `.docent-cache` beside it is removed.
    @OptionGroup public var folder: ContentOptions

    @Option(name: .long, help: ArgumentHelp("The cache of program outcomes, if not beside the content folder.", valueName: "dir"))
    public var cache: String?

    public init() {}

    public func run() throws { try run(reporter: ConsoleReporter()) }

    func run(reporter: any Reporter) throws {
        let fileSystem = LocalFileSystem()
        try SiteWriter(fileSystem: fileSystem).checkReplaceable(output)
        if fileSystem.directoryExists(output) {
            try fileSystem.removeItem(output)
            reporter.info("Removed \(output)/")
        }
        let modules = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment).cacheDirectory
        for folder in [ProgramCache(directory: cache, content: folder.content).directory, modules] where fileSystem.directoryExists(folder) {
            do { try fileSystem.removeItem(folder) } catch { throw Diagnostic.couldNotRemoveCache(folder, error) }
            reporter.info("Removed the cache \(folder)/")
        }
    }
}
