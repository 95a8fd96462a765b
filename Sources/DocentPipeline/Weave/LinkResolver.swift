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
        if destination.isEmpty || destination.hasPrefix("#") || destination.hasPrefix("/") || Self.hasScheme(destination) {
            return .unchanged
        }
        var path = destination
        var suffix = ""
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) {
            suffix = String(path[cut...])
            path = String(path[..<cut])
        }
        let decoded = path.removingPercentEncoding ?? path
        let directory = relativePath.split(separator: "/").dropLast().map(String.init)
        guard let target = Self.normalize(directory + decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)) else {
            return .missing(decoded)
        }
        let up = String(repeating: "../", count: pageURL.split(separator: "/").count)
        if let url = pages[target] ?? pages[target.isEmpty ? "index.md" : target + (target.hasSuffix("/") ? "" : "/") + "index.md"] {
            return .rewritten(up + url + suffix)
        }
        if assets.contains(target) {
            return .rewritten(up + Self.percentEncode(target) + suffix)
        }
        return .missing(target.isEmpty ? decoded : target)
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
