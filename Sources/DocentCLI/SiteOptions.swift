import ArgumentParser
import DocentPipeline

/// The folders every subcommand reads, shared through `@OptionGroup`.
public struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of Markdown articles.", valueName: "dir"))
    public var content: String = "content"

    @Option(name: .long, help: ArgumentHelp("The folder of Mustache templates and assets.", valueName: "dir"))
    public var templates: String = "templates"

    public init() {}
}
