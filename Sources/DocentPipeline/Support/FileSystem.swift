import DocentCore
import Foundation

/// The site's files as the pipeline reads and writes them, behind a protocol so stages can be tested on temporary
/// folders: Load reads the content and templates through it, `--update` rewrites articles through it, and Write
/// stages and swaps the output folder through it.
///
/// What it does not cover, on purpose: Execute's own working files — scratch folders under `TMPDIR`, the module
/// and result caches, the toolchain's identity file, `/proc` — which belong to the toolchain layer
/// (`ToolchainBuilder`, `ScratchFolders`, `ModuleCache`, `ProgramCache`) and are never the user's files.
public protocol FileSystem: Sendable {
    func contents(of path: String) throws -> Data
    /// Writes `data`, creating missing parent folders.
    func write(_ data: Data, to path: String) throws
    /// Every regular file below `directory`, as sorted paths relative to it; hidden files and folders are skipped.
    func files(under directory: String) throws -> [String]
    /// ``files(under:)``, with the entries it left out that the author should hear about.
    func listing(under directory: String) throws -> FolderListing
    func fileExists(_ path: String) -> Bool
    func directoryExists(_ path: String) -> Bool
    /// Whether a folder holds nothing at all, hidden files included.
    func directoryIsEmpty(_ path: String) -> Bool
    func createDirectory(_ path: String) throws
    func copyItem(from source: String, to destination: String) throws
    /// Writes a new file in a folder nobody else is using (a staging folder): no temporary file, no rename.
    /// Creates missing parent folders.
    func createFile(_ data: Data, at path: String) throws
    /// A hard link at `destination` to the file at `source` (same contents, no copy); creates missing parent folders.
    func linkItem(from source: String, to destination: String) throws
    func moveItem(from source: String, to destination: String) throws
    func removeItem(_ path: String) throws
    /// Swaps two existing folders in one step, so there is no instant with neither; `false` where the file system
    /// cannot (then nothing changed).
    func exchangeItems(_ first: String, _ second: String) -> Bool
    /// Everything below `directory`, hidden entries included and links not followed: each path relative to it, and
    /// whether it is a regular file (`false`: a folder). `nil` when anything else is there (a link, a device) or the
    /// walk fails: then nothing may be concluded from it.
    func exactTree(under directory: String) -> [String: Bool]?
}

extension FileSystem {
    /// No atomic exchange: callers fall back to two renames.
    public func exchangeItems(_ first: String, _ second: String) -> Bool { false }

    /// No exact walk: callers assume nothing about the folder.
    public func exactTree(under directory: String) -> [String: Bool]? { nil }

    /// A file system that leaves nothing out that needs a word: ``files(under:)`` alone.
    public func listing(under directory: String) throws -> FolderListing {
        FolderListing(files: try files(under: directory))
    }
}

/// The machine's real file system.
public struct LocalFileSystem: FileSystem {
    public init() {}

    private var manager: FileManager { FileManager() }

    public func contents(of path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Writes through a temporary file and a rename; a file it replaces keeps its permissions.
    public func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let permissions = try? manager.attributesOfItem(atPath: path)[.posixPermissions]
        try data.write(to: url, options: .atomic)
        if let permissions { try manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: path) }
    }

    /// ``listing(under:)``'s files.
    public func files(under directory: String) throws -> [String] {
        try listing(under: directory).files
    }

    /// ``FolderWalker``'s walk of `directory`, with its rules (hidden names and editor scratch files are not there,
    /// a link is followed only inside `directory`, a folder docent built is skipped) and what it left out.
    public func listing(under directory: String) throws -> FolderListing {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        let walk = try FolderWalker().walk(root)
        return FolderListing(files: walk.files, skipped: walk.skipped)
    }

    public func fileExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return manager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    public func directoryExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return manager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func directoryIsEmpty(_ path: String) -> Bool {
        (try? manager.contentsOfDirectory(atPath: path).isEmpty) ?? false
    }

    public func createDirectory(_ path: String) throws {
        try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func copyItem(from source: String, to destination: String) throws {
        try manager.createDirectory(at: URL(fileURLWithPath: destination).deletingLastPathComponent(),
                                    withIntermediateDirectories: true)
        try manager.copyItem(atPath: source, toPath: destination)
    }

    public func moveItem(from source: String, to destination: String) throws {
        try manager.moveItem(atPath: source, toPath: destination)
    }

    /// Linux's `renameat2(…, RENAME_EXCHANGE)`, looked up at run time (Swift does not see it in Glibc).
    public func exchangeItems(_ first: String, _ second: String) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(nil, "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let currentFolder: Int32 = -100 // AT_FDCWD
        let exchange: UInt32 = 2 // RENAME_EXCHANGE
        return renameat2(currentFolder, first, currentFolder, second, exchange) == 0
    }

    public func removeItem(_ path: String) throws {
        try manager.removeItem(atPath: path)
    }
}
