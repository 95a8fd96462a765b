import ArgumentParser

/// `--content`, the folder of Markdown articles: declared here once, and shared by every subcommand that reads it
/// through `@OptionGroup`.
public struct ContentOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of Markdown articles.", valueName: "dir"))
    public var content: String = "content"

    public init() {}
}
