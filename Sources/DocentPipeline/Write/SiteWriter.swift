import DocentCore
import Foundation

/// The Write stage: writes the site into a staging folder beside the output folder and swaps it in
/// only when every file is written, so a failed build leaves the previous site exactly as it was.
/// Files that did not change are hard-linked from the previous site rather than written again.
///
/// ```swift
/// try SiteWriter(fileSystem: LocalFileSystem()).write(files, to: "site")
/// ```
///
/// It deletes nothing but its own staging folder and an output folder it made before (one holding
/// its marker file); it refuses to replace any other folder.
public struct SiteWriter: Sendable {
    /// The file that marks a folder as Docent's output, safe to replace.
    public static let marker = SiteMarker.fileName
    /// What the marker file says.
    static let markerContents = Data("Made by docent; this whole folder is replaced on every build.\n".utf8)

    let fileSystem: any FileSystem
    private let makeToken: @Sendable () -> String

    public init(fileSystem: any FileSystem,
                makeToken: @escaping @Sendable () -> String = { UUID().uuidString.prefix(8).lowercased() }) {
        self.fileSystem = fileSystem
        self.makeToken = makeToken
    }

    /// Writes `files` into a staging folder, lets `finish` add to it (the search index), then swaps it in.
    /// A file whose bytes equal the previous site's copy is hard-linked from it instead of written again;
    /// `finish` learns whether anything changed (a file written, added or gone). With `reuse`, a previous site that
    /// already is exactly what this would make is left in place, untouched, and `finish` is not called.
    @discardableResult
    public func write(_ files: [OutputFile], to output: String, reuse: Reuse = .never,
                      finish: (_ staging: String, _ changed: Bool) throws -> Void = { _, _ in }) throws -> WriteSummary {
        try checkReplaceable(output)
        let (parent, name) = Self.split(output)
        let token = makeToken()
        let staging = ContentLoader.join(parent, ".\(name).docent-staging-\(token)")
        LeftoverFolders.removeAbandoned(in: parent, prefix: ".\(name).docent-staging-")
        LeftoverFolders.removeAbandoned(in: parent, prefix: ".\(name).docent-old-")
        let previous = fileSystem.fileExists(ContentLoader.join(output, Self.marker)) ? output : nil
        try Self.checkLengths(of: files, in: staging, output: output)
        if let previous, case .ifUnchanged(let kept) = reuse, isAlreadyWritten(files, at: previous, keeping: kept) {
            return WriteSummary(written: 0, linked: files.count, removed: 0, reused: true)
        }
        var summary = WriteSummary()
        do {
            try fileSystem.createDirectory(staging)
            LeftoverFolders.claim(staging)
            let placed = try Pipeline.collected(files.concurrentMap { [fileSystem] file in
                try Self.place(file, in: staging, previous: previous, fileSystem: fileSystem)
            })
            summary.linked = placed.filter { $0 }.count
            summary.written = placed.count - summary.linked
            if let previous {
                let before = Set(try fileSystem.files(under: previous))
                summary.removed = before.subtracting(files.map(\.path)).filter { !$0.hasPrefix("pagefind/") }.count
            }
            try fileSystem.write(Self.markerContents, to: ContentLoader.join(staging, Self.marker))
            try finish(staging, previous == nil || summary.written > 0 || summary.removed > 0)
            try? fileSystem.removeItem(ContentLoader.join(staging, LeftoverFolders.ownerFile))
        } catch let error as DiagnosticError {
            try? fileSystem.removeItem(staging)
            throw error
        } catch {
            try? fileSystem.removeItem(staging)
            throw Diagnostic.couldNotWriteSite(error, at: output)
        }
        try swap(staging, into: output, retired: ContentLoader.join(parent, ".\(name).docent-old-\(token)"))
        return summary
    }

    /// A file whose path (in the staging folder) the system would refuse — over `PATH_MAX` bytes in all, or a name
    /// over 255 bytes — is an error at the output folder naming the file, before anything is written.
    static func checkLengths(of files: [OutputFile], in staging: String, output: String) throws {
        let problems = files.compactMap { file -> Diagnostic? in
            let whole = ContentLoader.join(staging, file.path).utf8.count
            let longestName = file.path.split(separator: "/").map(\.utf8.count).max() ?? 0
            guard whole >= Int(PATH_MAX) || longestName > Int(NAME_MAX) else { return nil }
            let shown = file.path.count > 80 ? file.path.prefix(80) + "…" : Substring(file.path)
            let what = longestName > Int(NAME_MAX) ? "a name of \(longestName) bytes (the limit is \(NAME_MAX))"
                                                   : "a path of \(whole) bytes (the limit is \(Int(PATH_MAX) - 1))"
            return .sitePathTooLong(shown, would: what, at: output)
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
    }

    /// Links every file below `folder` of the previous site into the staging folder (the search index of a site
    /// whose pages did not change); `false` when the previous site has no such folder.
    public func carryOver(_ folder: String, from output: String, into staging: String) -> Bool {
        let source = ContentLoader.join(output, folder)
        guard fileSystem.directoryExists(source), let files = try? fileSystem.files(under: source), !files.isEmpty else { return false }
        do {
            for file in files {
                try fileSystem.linkItem(from: ContentLoader.join(source, file), to: ContentLoader.join(staging, "\(folder)/\(file)"))
            }
            return true
        } catch {
            try? fileSystem.removeItem(ContentLoader.join(staging, folder))
            return false
        }
    }

    /// Puts one file into the staging folder: a hard link to the previous site's copy when the bytes are the same,
    /// else a new file (a copied file is copied). Returns whether it was linked.
    private static func place(_ file: OutputFile, in staging: String, previous: String?, fileSystem: any FileSystem) throws -> Bool {
        let destination = ContentLoader.join(staging, file.path)
        let bytes: Data
        switch file {
        case .generated(_, let contents): bytes = Data(contents.utf8)
        case .data(_, let contents): bytes = contents
        case .copied(_, let source): bytes = try fileSystem.contents(of: source)
        }
        if let old = previous.map({ ContentLoader.join($0, file.path) }), (try? fileSystem.contents(of: old)) == bytes,
           (try? fileSystem.linkItem(from: old, to: destination)) != nil {
            return true
        }
        if case .copied(_, let source) = file {
            try fileSystem.copyItem(from: source, to: destination)
        } else {
            try fileSystem.createFile(bytes, at: destination)
        }
        return false
    }

    private func swap(_ staging: String, into output: String, retired: String) throws {
        let hadPrevious = fileSystem.directoryExists(output)
        // One step where the system allows it: the new site in place and the old one where staging was.
        if hadPrevious, fileSystem.exchangeItems(staging, output) {
            try? fileSystem.removeItem(staging)
            return
        }
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
            throw Diagnostic.couldNotReplaceSite(error, at: output)
        }
        if hadPrevious { try? fileSystem.removeItem(retired) }
    }

    /// An output folder may be replaced if it does not exist, is empty, or carries Docent's marker. The pipeline
    /// asks before any snippet runs; `write` asks again.
    public func checkReplaceable(_ output: String) throws {
        if fileSystem.fileExists(output) {
            throw Diagnostic.outputIsFile(at: output)
        }
        guard fileSystem.directoryExists(output) else { return }
        let marked = fileSystem.fileExists(ContentLoader.join(output, Self.marker))
        let empty = fileSystem.directoryIsEmpty(output)
        if !marked && !empty {
            throw Diagnostic.notMadeByDocent(at: output)
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

/// What one write did: files written anew, files linked unchanged from the previous site, files gone since it.
public struct WriteSummary: Sendable, Hashable {
    public var written = 0
    public var linked = 0
    public var removed = 0
    /// The previous site was already exactly the new one and was left in place (``SiteWriter/Reuse``).
    public var reused = false
}
