import ArgumentParser
import DocentPipeline
import Foundation

/// `--content`, the folder of Markdown articles: declared here once, and shared by every subcommand that reads it
/// through `@OptionGroup`.
public struct ContentOptions: ParsableArguments {
    @Option(name: .customLong("content"),
            help: ArgumentHelp("The folder of Markdown articles (default: content), or one Markdown file to check alone.",
                               valueName: "path"))
    public var given: String?

    /// `--content`, or `content`.
    public var content: String { given ?? "content" }

    public init() {}

    /// A usage error for a path that can be no content: a Markdown file (`.md`, `.markdown`) that does not exist, or
    /// a file that is not Markdown. Folders are checked when they are read.
    static func check(_ path: String) throws {
        let files = LocalFileSystem()
        let isFile = files.fileExists(path)
        let exists = isFile || files.directoryExists(path)
        if isFile, !ContentLoader.isMarkdownFile(path) {
            throw ValidationError("'\(path)' is neither a folder of articles nor a Markdown file (.md or .markdown)")
        }
        if !exists, ContentLoader.isMarkdownFile(path) {
            throw ValidationError("no such Markdown file: '\(path)'")
        }
    }
}

/// The content as `build`'s and `test`'s positional argument (`docent test README.md`): a folder of articles, or one
/// Markdown file checked alone (the only article; the folder it is in stands for the content folder). The same as
/// `--content`, which it may not be given with.
public struct ContentArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The content: a folder of articles, or one Markdown file (.md or .markdown) that is "
                                 + "the only article (its folder's site.yml and images are used; no other .md file is "
                                 + "read). The same as --content.", valueName: "path"))
    public var path: String?

    public init() {}

    /// The content to read: the argument, else `--content`, else `content`.
    public func content(_ options: ContentOptions) -> String { path ?? options.content }

    /// Both the argument and `--content` given, or a path that can be no content, is a usage error.
    public func validate(_ options: ContentOptions) throws {
        if let path, let given = options.given {
            throw ValidationError("give the content once: '\(path)' or --content \(given), not both")
        }
        try ContentOptions.check(content(options))
    }
}
