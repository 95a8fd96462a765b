import Foundation

/// One file of the generated site: text Docent made, or a file copied as it is.
public enum OutputFile: Sendable, Hashable {
    /// A file with these contents, at `path` below the output folder.
    case generated(path: String, contents: String)
    /// A copy of the file at `source`, at `path` below the output folder.
    case copied(path: String, source: String)
    /// Bytes Docent carries (the built-in theme's assets), at `path` below the output folder.
    case data(path: String, contents: Data)

    public var path: String {
        switch self {
        case .generated(let path, _), .copied(let path, _), .data(let path, _): path
        }
    }
}
