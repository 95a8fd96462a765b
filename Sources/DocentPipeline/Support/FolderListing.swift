import DocentCore
/// What a walk of a folder found: the files to use, and the entries it left out that the author should hear about.
///
/// ```swift
/// let listing = try LocalFileSystem().listing(under: "content")
/// listing.files     // ["guides/intro.md", "index.md"]
/// listing.skipped   // [.init(path: "caf\\xE9.md", reason: .nameNotUTF8)]
/// ```
public struct FolderListing: Sendable, Hashable {
    /// An entry left out of ``files``, with why: the walker's own word for it.
    public typealias Skipped = SkippedEntry

    /// Regular files, as sorted paths relative to the folder.
    public var files: [String]
    /// What was left out, sorted by path.
    public var skipped: [Skipped]

    public init(files: [String], skipped: [Skipped] = []) {
        self.files = files
        self.skipped = skipped
    }

    /// `bytes` as text a terminal shows safely: printable ASCII as it is (but `\`), every other byte as `\xHH`.
    public static func escaped(_ bytes: [UInt8]) -> String {
        FolderWalker.escaped(bytes)
    }
}
