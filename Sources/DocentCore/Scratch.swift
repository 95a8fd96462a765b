import Foundation

/// Docent's own working space — scratch and build folders, the caches, the toolchain's and the package build's
/// records — and never the user's files, which go only through the pipeline's `FileSystem`. What is plainly Docent's
/// goes through this protocol, so a `FileManager` call outside it and the sandbox stands out as one to move.
///
/// ```swift
/// let scratch: any Scratch = DiskScratch()
/// try scratch.makeFolder("\(cache)/packages")
/// defer { try? scratch.remove(folder) }
/// ```
package protocol Scratch: Sendable {
    /// The file's bytes; `nil` when there is none (or it cannot be read).
    func contents(_ path: String) -> Data?
    /// Whether anything is at `path` (a link is followed).
    func exists(_ path: String) -> Bool
    /// Whether a folder is at `path` (a link is followed).
    func isFolder(_ path: String) -> Bool
    /// The names in a folder, unsorted.
    func names(in folder: String) throws -> [String]
    /// Makes a folder and any missing parents; nothing when it is there.
    func makeFolder(_ path: String) throws
    /// Removes a file or a whole folder.
    func remove(_ path: String) throws
    func move(_ source: String, to destination: String) throws
    func copy(_ source: String, to destination: String) throws
}

/// Docent's working space on the machine's disk: `FileManager`, kept here.
package struct DiskScratch: Scratch {
    package init() {}

    package func contents(_ path: String) -> Data? { FileManager().contents(atPath: path) }

    package func exists(_ path: String) -> Bool { FileManager().fileExists(atPath: path) }

    package func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager().fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    package func names(in folder: String) throws -> [String] { try FileManager().contentsOfDirectory(atPath: folder) }

    package func makeFolder(_ path: String) throws {
        try FileManager().createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    package func remove(_ path: String) throws { try FileManager().removeItem(atPath: path) }

    package func move(_ source: String, to destination: String) throws {
        try FileManager().moveItem(atPath: source, toPath: destination)
    }

    package func copy(_ source: String, to destination: String) throws {
        try FileManager().copyItem(atPath: source, toPath: destination)
    }
}
