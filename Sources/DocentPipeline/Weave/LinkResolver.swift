import DocentCore
import Foundation

/// Turns the links an author writes between source files (`../guides/intro.md#setup`, `diagram.png`)
/// into links between published pages (`../../guides/intro/#setup`, `../diagram.png`).
struct LinkResolver: Sendable {
    /// Article URL paths by their path in the content folder.
    var pages: [String: String]
    /// Files published as they are, by their path in the content folder.
    var assets: Set<String>

    /// What became of one destination.
    enum Resolution: Equatable {
        /// Leave it as written: external, absolute or a fragment of the same page.
        case unchanged
        case rewritten(String)
        /// The destination names a file that is neither an article nor a published file.
        case missing(String)
    }

    func resolve(_ destination: String, fromArticle relativePath: String, pageURL: String) -> Resolution {
        guard let (target, decoded, suffix) = split(destination, fromArticle: relativePath) else { return .unchanged }
        guard let target else { return .missing(decoded) }
        let up = String(repeating: "../", count: pageURL.split(separator: "/").count)
        if let page = page(at: target) {
            return .rewritten(up + page.url + suffix)
        }
        if assets.contains(target) {
            return .rewritten(up + Self.percentEncode(target) + suffix)
        }
        return .missing(target.isEmpty ? decoded : target)
    }

    /// The article a destination leads to (its path in the content folder) and the fragment it names, if any:
    /// `#setup` on the same page, or `intro.md#setup`. `nil` for external links, assets and missing files.
    func fragmentTarget(of destination: String, fromArticle relativePath: String) -> (article: String, fragment: String)? {
        guard let hash = destination.firstIndex(of: "#") else { return nil }
        let fragment = String(destination[destination.index(after: hash)...])
        let decodedFragment = fragment.removingPercentEncoding ?? fragment
        if hash == destination.startIndex { return (relativePath, decodedFragment) }
        guard let (target, _, _) = split(destination, fromArticle: relativePath), let target,
              let page = page(at: target) else { return nil }
        return (page.article, decodedFragment)
    }

    /// The normalised path in the content folder a relative destination names (`nil` when it climbs out), the
    /// decoded path as written, and the `#…`/`?…` suffix; `nil` for destinations left as they are.
    private func split(_ destination: String, fromArticle relativePath: String) -> (target: String?, decoded: String, suffix: String)? {
        if destination.isEmpty || destination.hasPrefix("#") || destination.hasPrefix("/") || Self.hasScheme(destination) {
            return nil
        }
        var path = destination
        var suffix = ""
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            suffix = String(path[cut...])
            path = String(path[..<cut])
        }
        let decoded = path.removingPercentEncoding ?? path
        let directory = relativePath.split(separator: "/").dropLast().map(String.init)
        let target = Self.normalize(directory + decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        return (target, decoded, suffix)
    }

    /// The article at a normalised target path (`guides/intro.md`, or a folder's `index.md`) and its page's URL path.
    private func page(at target: String) -> (article: String, url: String)? {
        let index = target.isEmpty ? "index.md" : target + (target.hasSuffix("/") ? "" : "/") + "index.md"
        if let url = pages[target] { return (target, url) }
        if let url = pages[index] { return (index, url) }
        return nil
    }

    /// Resolves `.` and `..`; `nil` if the path climbs out of the content folder.
    static func normalize(_ segments: [String]) -> String? {
        var result: [String] = []
        for (index, segment) in segments.enumerated() {
            switch segment {
            case ".": continue
            case "..":
                guard !result.isEmpty else { return nil }
                result.removeLast()
            case "" where index < segments.count - 1: continue
            default: result.append(segment)
            }
        }
        return result.joined(separator: "/")
    }

    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        return !scheme.isEmpty && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func percentEncode(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }
}
