import DocentCore
import DocentExecute
import Foundation
import SystemPackage

/// What one build reads and writes.
public struct BuildConfiguration: Sendable {
    public var contentDirectory: String
    /// The site's templates folder, whose files replace the built-in theme's; `nil` for the built-in theme alone.
    public var templatesDirectory: String?
    public var outputDirectory: String
    public var includeDrafts: Bool
    /// Articles compiled and run at once.
    public var jobs: Int
    /// The Swift package the articles document (`--package`), built with SwiftPM for them to import; `nil` uses
    /// site.yml's `package:`, if it names one.
    public var packageDirectory: String?
    /// How SwiftPM builds the package: `debug` or `release`.
    public var packageConfiguration = "debug"
    /// Modules every example imports (`--import`), and the package's traits and testing build.
    public var packageChoices = PackageChoices()
    /// The most `site.yml` and front matter may ask for (`--max-time-limit`, …).
    public var ceilings = ExecutionCeilings()
    /// A package's documentation sets to read instead of a content folder (``PackageDocumentation``); the content
    /// directory is then the package's folder. Empty: read the content directory as usual.
    public var documentationSets: [DocumentationSet] = []

    public init(contentDirectory: String = "content", templatesDirectory: String? = nil,
                outputDirectory: String = "site", includeDrafts: Bool = false, jobs: Int = 1) {
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.includeDrafts = includeDrafts
        self.jobs = jobs
    }

    /// The output folder is replaced on every build, so it must not hold, or be held by, the inputs — compared
    /// after resolving symbolic links, so a link into the output folder is caught too.
    public func validate() throws {
        let output = Self.absolute(outputDirectory)
        // A package's documentation is its sets, not the whole package folder the site is usually written in.
        let content = documentationSets.isEmpty ? [(contentDirectory, "--content")]
            : documentationSets.map { (ContentLoader.join(contentDirectory, $0.path), "--package") }
        let inputs = content + (templatesDirectory.map { [($0, "--templates")] } ?? [])
        for (input, flag) in inputs {
            let path = Self.absolute(input)
            if output == path || path.hasPrefix(output + "/") || output.hasPrefix(path + "/") {
                throw Diagnostic.outputOverlapsInput(flag, input, at: outputDirectory)
            }
        }
    }

    /// The absolute path with symbolic links resolved as far as the path exists (the rest appended as written).
    static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
                                      : URL(fileURLWithPath: FileManager().currentDirectoryPath).appendingPathComponent(path)
        // FilePath, not NSString: Foundation's NSString path methods crash on one-character paths on Linux.
        var existing = FilePath(url.standardizedFileURL.path)
        var rest: [FilePath.Component] = []
        let files = LocalFileSystem()
        while existing.string != "/", !files.fileExists(existing.string), !files.directoryExists(existing.string),
              let last = existing.lastComponent {
            rest.insert(last, at: 0)
            existing.removeLastComponent()
        }
        var result = FilePath(realpath(existing.string, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? existing.string)
        result.append(rest)
        var text = result.string
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
