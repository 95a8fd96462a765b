import DocentCore
import Foundation

/// What one build reads and writes.
public struct BuildConfiguration: Sendable {
    public var contentDirectory: String
    public var templatesDirectory: String
    public var outputDirectory: String
    public var includeDrafts: Bool

    public init(contentDirectory: String = "content", templatesDirectory: String = "templates",
                outputDirectory: String = "site", includeDrafts: Bool = false) {
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.includeDrafts = includeDrafts
    }

    /// The output folder is replaced on every build, so it must not hold, or be held by, the inputs.
    public func validate() throws {
        let output = Self.absolute(outputDirectory)
        for (input, flag) in [(contentDirectory, "--content"), (templatesDirectory, "--templates")] {
            let path = Self.absolute(input)
            if output == path || path.hasPrefix(output + "/") || output.hasPrefix(path + "/") {
                throw Diagnostic.error(at: SourceLocation(path: outputDirectory),
                                       "the output folder overlaps the \(flag) folder '\(input)'",
                                       notes: ["the output folder is replaced on every build; choose a separate --output"])
            }
        }
    }

    static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
                                      : URL(fileURLWithPath: FileManager().currentDirectoryPath).appendingPathComponent(path)
        var result = url.standardizedFileURL.path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
