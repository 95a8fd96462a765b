import DocentPipeline
import Foundation

/// Maps a request's path to a file of the built site, and never to anything outside it: the path is
/// percent-decoded once, `..`, NUL and backslashes are refused, and the file found is checked again after
/// resolving symbolic links. A folder asked for without its slash is redirected to a location built from the
/// checked segments, percent-encoded: always one path on this server (`/a/b/`), never `//host` or `/\host`.
///
/// ```swift
/// switch SiteFileResolver(root: "site").resolve("/guides/intro/") { case .file(let path): … }
/// ```
public struct SiteFileResolver: Sendable {
    /// What a request path leads to.
    public enum Resolution: Sendable, Equatable {
        case file(String)
        /// A folder asked for without its trailing slash: send the browser to `location`.
        case redirect(String)
        case notFound
    }

    public let root: String

    public init(root: String) {
        self.root = root
    }

    public func resolve(_ requestPath: String) -> Resolution {
        let pathOnly = requestPath.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard let decoded = pathOnly.removingPercentEncoding, decoded.hasPrefix("/"),
              !decoded.contains("\0"), !decoded.contains("\\") else { return .notFound }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .notFound }
        let rootPath = Self.realPath(root) ?? root
        let candidate = ([rootPath] + segments).joined(separator: "/")
        let files = LocalFileSystem()
        var file = candidate
        if files.directoryExists(candidate) {
            guard decoded.hasSuffix("/") else { return Self.folderRedirect(segments) }
            file = candidate + "/index.html"
            guard files.fileExists(file) else { return .notFound }
        } else if !files.fileExists(candidate) {
            return .notFound
        }
        // A symbolic link inside the site must not lead out of it.
        guard let real = Self.realPath(file), real.hasPrefix(rootPath + "/") else { return .notFound }
        return .file(real)
    }

    /// Where a folder named by `segments` (never empty, never `.` or `..`) is sent to.
    static func folderRedirect(_ segments: [String]) -> Resolution {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/\\;?#%")
        let encoded = segments.compactMap { $0.addingPercentEncoding(withAllowedCharacters: allowed) }
        let location = "/" + encoded.joined(separator: "/") + "/"
        guard !segments.isEmpty, encoded.count == segments.count, !location.hasPrefix("//"),
              location.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" }) else { return .notFound }
        return .redirect(location)
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
