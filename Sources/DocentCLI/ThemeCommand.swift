import ArgumentParser
import DocentCore
import DocentPipeline

/// `docent theme`: the built-in theme's subcommands.
public struct ThemeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Work with the built-in theme.",
        subcommands: [Eject.self]
    )

    public init() {}

    /// `docent theme eject [DIR]`: writes the built-in theme out for customising.
    public struct Eject: ReportingCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Write the built-in templates and assets into a folder (default: templates) to customise them.",
            discussion: "Files in the site's templates folder replace the built-in theme's file by file: delete the ones you do not change."
        )

        @Argument(help: ArgumentHelp("The folder to write the theme into.", valueName: "dir"))
        public var directory: String = "templates"

        public init() {}

        public func run() throws { try run(reporter: ConsoleReporter()) }

        func run(reporter: any Reporter) throws {
            let written = try ThemeEjector(fileSystem: LocalFileSystem()).eject(into: directory)
            reporter.info("Wrote \(written.count) files of the built-in theme into \(directory)/")
        }
    }
}
