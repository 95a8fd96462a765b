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
            throw Diagnostic.themeTargetIsFile(at: directory)
        }
        try fileSystem.writeNewFiles(files.map { ($0.path, Data($0.contents)) }, into: directory, more: "of the theme's files",
                                     advice: "move them away, or eject into another folder")
        return files.map(\.path)
    }
}
