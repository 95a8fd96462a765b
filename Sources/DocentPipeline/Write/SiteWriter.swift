import DocentCore
import Foundation

/// The Write stage: writes the site into a staging folder beside the output folder and swaps it in
/// only when every file is written, so a failed build leaves the previous site exactly as it was.
///
/// ```swift
/// try SiteWriter(fileSystem: LocalFileSystem()).write(files, to: "site")
/// ```
///
/// It deletes nothing but its own staging folder and an output folder it made before (one holding
/// its marker file); it refuses to replace any other folder.
public struct SiteWriter: Sendable {
    /// The file that marks a folder as Docent's output, safe to replace.
    public static let marker = ".docent-site"

    private let fileSystem: any FileSystem
    private let makeToken: @Sendable () -> String

    public init(fileSystem: any FileSystem,
                makeToken: @escaping @Sendable () -> String = { UUID().uuidString.prefix(8).lowercased() }) {
        self.fileSystem = fileSystem
        self.makeToken = makeToken
    }

    /// Writes `files` into a staging folder, lets `finish` add to it (the search index), then swaps it in.
    public func write(_ files: [OutputFile], to output: String, finish: (String) throws -> Void = { _ in }) throws {
        try checkReplaceable(output)
        let (parent, name) = Self.split(output)
        let token = makeToken()
        let staging = ContentLoader.join(parent, ".\(name).docent-staging-\(token)")
        LeftoverFolders.removeAbandoned(in: parent, prefix: ".\(name).docent-staging-")
        LeftoverFolders.removeAbandoned(in: parent, prefix: ".\(name).docent-old-")
        do {
            try fileSystem.createDirectory(staging)
            LeftoverFolders.claim(staging)
            for file in files {
                let destination = ContentLoader.join(staging, file.path)
                switch file {
                case .generated(_, let contents):
                    try fileSystem.write(Data(contents.utf8), to: destination)
                case .copied(_, let source):
                    try fileSystem.copyItem(from: source, to: destination)
                case .data(_, let contents):
                    try fileSystem.write(contents, to: destination)
                }
            }
            try fileSystem.write(Data("Made by docent; this whole folder is replaced on every build.\n".utf8),
                                 to: ContentLoader.join(staging, Self.marker))
            try finish(staging)
            try? fileSystem.removeItem(ContentLoader.join(staging, LeftoverFolders.ownerFile))
        } catch let error as DiagnosticError {
            try? fileSystem.removeItem(staging)
            throw error
        } catch {
            try? fileSystem.removeItem(staging)
            throw Diagnostic.error(at: SourceLocation(path: output), "could not write the site: \(error.localizedDescription)",
                                   notes: ["the previous site, if any, is unchanged"])
        }
        try swap(staging, into: output, retired: ContentLoader.join(parent, ".\(name).docent-old-\(token)"))
    }

    private func swap(_ staging: String, into output: String, retired: String) throws {
        let hadPrevious = fileSystem.directoryExists(output)
        do {
            if hadPrevious { try fileSystem.moveItem(from: output, to: retired) }
            do {
                try fileSystem.moveItem(from: staging, to: output)
            } catch {
                if hadPrevious { try? fileSystem.moveItem(from: retired, to: output) }
                throw error
            }
        } catch {
            try? fileSystem.removeItem(staging)
            throw Diagnostic.error(at: SourceLocation(path: output), "could not replace the site: \(error.localizedDescription)",
                                   notes: ["the previous site, if any, is unchanged"])
        }
        if hadPrevious { try? fileSystem.removeItem(retired) }
    }

    /// An output folder may be replaced if it does not exist, is empty, or carries Docent's marker. The pipeline
    /// asks before any snippet runs; `write` asks again.
    public func checkReplaceable(_ output: String) throws {
        if fileSystem.fileExists(output) {
            throw Diagnostic.error(at: SourceLocation(path: output), "the output path is a file, not a folder",
                                   notes: ["choose another --output"])
        }
        guard fileSystem.directoryExists(output) else { return }
        let marked = fileSystem.fileExists(ContentLoader.join(output, Self.marker))
        let empty = fileSystem.directoryIsEmpty(output)
        if !marked && !empty {
            throw Diagnostic.error(at: SourceLocation(path: output),
                                   "refusing to replace '\(output)': it was not made by docent",
                                   notes: ["docent replaces its output folder on every build; choose an empty or new --output,"
                                           + " or delete the folder yourself if you are sure"])
        }
    }

    /// The parent folder and last component of a path (`site` → (`.`, `site`), `a/b/` → (`a`, `b`)).
    static func split(_ path: String) -> (parent: String, name: String) {
        let url = URL(fileURLWithPath: path)
        var parent = path.hasPrefix("/") ? url.deletingLastPathComponent().path
                                        : String(path.split(separator: "/").dropLast().joined(separator: "/"))
        if parent.isEmpty { parent = "." }
        return (parent, url.lastPathComponent)
    }
}
