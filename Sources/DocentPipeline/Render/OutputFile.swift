/// One file of the generated site: text Docent made, or a file copied as it is.
public enum OutputFile: Sendable, Hashable {
    /// A file with these contents, at `path` below the output folder.
    case generated(path: String, contents: String)
    /// A copy of the file at `source`, at `path` below the output folder.
    case copied(path: String, source: String)

    public var path: String {
        switch self {
        case .generated(let path, _), .copied(let path, _): path
        }
    }
}
