import ArgumentParser
import DocentCore
import DocentPipeline

/// How much `build`, `test` and `serve` say while they work, shared through `@OptionGroup`: by default the pipeline's
/// `[n/8] Step` lines are left out (a save under `serve` prints its outcome, not eight stage names).
public struct VerbosityOptions: ParsableArguments {
    @Flag(name: .long, help: "Also print each pipeline step as it begins ([1/8] Load, [2/8] Parse, …).")
    public var verbose = false

    public init() {}

    /// `reporter` as the command should use it: whole with `--verbose`, without the step lines otherwise.
    func reporter(_ reporter: any Reporter) -> any Reporter {
        verbose ? reporter : StepLinesHidden(reporter: reporter)
    }
}

/// A reporter that passes on everything but the pipeline's step lines.
struct StepLinesHidden: Reporter {
    let reporter: any Reporter

    func step(_ index: Int, of total: Int, _ name: String) {}
    func report(_ diagnostic: Diagnostic) { reporter.report(diagnostic) }
    func info(_ message: String) { reporter.info(message) }
    func progress(_ event: ArticleProgress) { reporter.progress(event) }
    func detail(_ message: String) {}
}
