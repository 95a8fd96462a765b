import ArgumentParser
import DocentPipeline
import Foundation
import SystemPackage

/// The folders every subcommand reads, shared through `@OptionGroup`.
public struct SiteOptions: ParsableArguments {
    @OptionGroup public var folder: ContentOptions

    /// `--content`: the folder of Markdown articles.
    public var content: String { folder.content }

    @Option(name: .long, help: ArgumentHelp("A folder of Mustache templates and assets that replace the built-in theme's, "
                                            + "file by file (default: templates/ beside the content folder, if there is one).",
                                            valueName: "dir"))
    public var templates: String?

    /// `--templates`, or the `templates` folder beside the content folder when it exists; `nil`: the built-in theme alone.
    public var templatesDirectory: String? { Self.templatesDirectory(explicit: templates, content: content) }

    /// `--templates`, or where the `templates` folder beside the content folder is or would be: what `docent serve` watches.
    var templatesFolderToWatch: String { templates ?? Self.templatesBeside(content) }

    /// `explicit`, or the `templates` folder beside `content` when it exists (checked on every call).
    static func templatesDirectory(explicit: String?, content: String) -> String? {
        if let explicit { return explicit }
        let beside = templatesBeside(content)
        return LocalFileSystem().directoryExists(beside) ? beside : nil
    }

    /// The `templates` folder beside `content`, whether or not it exists.
    static func templatesBeside(_ content: String) -> String {
        // FilePath, not NSString: Foundation's NSString path methods crash on one-character paths on Linux.
        let parent = FilePath(content).removingLastComponent()
        return parent.isEmpty ? "templates" : parent.appending("templates").string
    }

    public init() {}
}
