import ArgumentParser
import DocentCore
import DocentPipeline
import Foundation

/// `docent clean`: removes the output folder (only if docent made it) and docent's cache of compiled modules.
public struct Clean: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Remove the built site (only a folder docent made) and the cache of compiled modules."
    )

    @Option(name: .long, help: ArgumentHelp("The site folder to remove.", valueName: "dir"))
    public var output: String = "site"

    public init() {}

    public func run() throws {
        let reporter = ConsoleReporter()
        let fileSystem = LocalFileSystem()
        try SiteWriter(fileSystem: fileSystem).checkReplaceable(output)
        if fileSystem.directoryExists(output) {
            try fileSystem.removeItem(output)
            reporter.info("Removed \(output)/")
        }
        let cache = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment).cacheDirectory
        if fileSystem.directoryExists(cache) {
            try fileSystem.removeItem(cache)
            reporter.info("Removed the cache \(cache)/")
        }
    }
}
