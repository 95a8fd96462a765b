import DocentCore
/// What a walk of a folder found: the files to use, and the entries it left out that the author should hear about.
///
/// ```swift
/// let listing = try LocalFileSystem().listing(under: "content")
/// listing.files     // ["guides/intro.md", "index.md"]
/// listing.skipped   // [.init(path: "caf\\xE9.md", reason: .nameNotUTF8)]
/// ```
public struct FolderListing: Sendable, Hashable {
    /// An entry left out of ``files``, with why.
    public struct Skipped: Sendable, Hashable {
        /// Why an entry was left out.
        public enum Reason: Sendable, Hashable {
            /// Its name is not valid UTF-8, so no page, link or report could name it exactly.
            case nameNotUTF8
            /// A symbolic link that resolves to `target`, outside the folder walked: never followed, never published.
            case linkLeavesFolder(target: String)
            /// A symbolic link to nothing (`destination` is what it holds).
            case linkLeadsNowhere(destination: String)
            /// A symbolic link back into a folder it is in (`target`): not walked again.
            case linkLoops(target: String)
            /// A folder that could not be read, and why.
            case unreadable(String)
        }

        /// Relative to the folder walked; a name that is not UTF-8 has each byte other than printable ASCII
        /// (and `\`) written as `\xHH`.
        public var path: String
        public var reason: Reason

        public init(path: String, reason: Reason) {
            self.path = path
            self.reason = reason
        }

        /// ``FolderWalker``'s word for an entry it left out.
        package init(_ skipped: FolderWalker.Skipped) {
            let reason: Reason = switch skipped.reason {
            case .nameNotUTF8: .nameNotUTF8
            case .linkLeavesFolder(let target): .linkLeavesFolder(target: target)
            case .linkLeadsNowhere(let destination): .linkLeadsNowhere(destination: destination)
            case .linkLoops(let target): .linkLoops(target: target)
            case .unreadable(let why): .unreadable(why)
            }
            self.init(path: skipped.path, reason: reason)
        }
    }

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
