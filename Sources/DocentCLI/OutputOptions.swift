import ArgumentParser
import DocentPipeline
import Foundation

/// What a built site holds and where it goes, shared by `build` and `serve` through `@OptionGroup`.
public struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Where to write the site (replaced on every build).", valueName: "dir"))
    public var output: String = "site"

    @Flag(name: .long, help: "Include articles marked `draft: true`.")
    public var drafts = false

    @Flag(name: .long, help: "Do not build the search index (Pagefind).")
    public var noSearch = false

    public init() {}

    /// Pagefind as the environment names it, unless `--no-search`.
    var searchIndexer: (any SearchIndexing)? {
        noSearch ? nil : PagefindIndexer(environment: ProcessInfo.processInfo.environment)
    }
}
