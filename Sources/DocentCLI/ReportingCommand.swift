import ArgumentParser
import DocentCore
import DocentPipeline

/// A subcommand that says everything through the reporter `Docent.run(arguments:reporter:)` was given, so a caller
/// that passes its own reporter sees all the command says; its plain `run()` uses a `ConsoleReporter`.
protocol ReportingCommand: ParsableCommand {
    func run(reporter: any Reporter) throws
}
