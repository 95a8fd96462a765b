import DocentCore
import Foundation

/// Writes the built-in theme out into a folder, for an author to customise: a site's `templates/` folder
/// replaces the built-in files file by file, so the author may keep only the files they change.
///
/// ```swift
/// let written = try ThemeEjector(fileSystem: LocalFileSystem()).eject(into: "templates")
/// ```
/// It never overwrites: if any file it would write exists, it writes nothing and names them.
public struct ThemeEjector: Sendable {
    private let fileSystem: any FileSystem
    private let files: [(path: String, contents: [UInt8])]

    public init(fileSystem: any FileSystem, files: [(path: String, contents: [UInt8])] = BuiltInTheme.files) {
        self.fileSystem = fileSystem
        self.files = files
    }

    /// The paths written, relative to `directory`.
    @discardableResult
    public func eject(into directory: String) throws -> [String] {
        if fileSystem.fileExists(directory) {
            throw Diagnostic.error(at: SourceLocation(path: directory), "'\(directory)' is a file, not a folder",
                                   notes: ["choose a folder to write the theme into"])
        }
        let existing = files.map { ContentLoader.join(directory, $0.path) }.filter(fileSystem.fileExists)
        if let first = existing.first {
            let others = existing.count - 1
            throw Diagnostic.error(at: SourceLocation(path: first),
                                   "refusing to overwrite this file" + (others > 0 ? " and \(others) more of the theme's files" : ""),
                                   notes: ["nothing was written; move them away, or eject into another folder"])
        }
        for file in files {
            try fileSystem.write(Data(file.contents), to: ContentLoader.join(directory, file.path))
        }
        return files.map(\.path)
    }
}
