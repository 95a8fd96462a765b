import Foundation

/// Docent's own repository, for tests that read its files (README.md, templates/, content/, fixtures): found from
/// this file's place, so a test's own file can move between folders without its paths changing.
public enum DocentRepository {
    /// The repository's root folder (where Package.swift is).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A file or folder of the repository, from its path relative to the root.
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
