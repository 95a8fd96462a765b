/// An entry a walk of the user's folder left out that the author should hear about, with why (``FolderWalker``, and
/// the pipeline's `FolderListing`).
public struct SkippedEntry: Sendable, Hashable {
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

    /// Relative to the folder walked; a name that is not UTF-8 has each byte other than printable ASCII (and `\`)
    /// written as `\xHH`.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }
}
