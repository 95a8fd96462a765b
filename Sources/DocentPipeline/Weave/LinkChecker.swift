import DocentCore

/// Checks, once every page is woven, that each `#fragment` an article links to exists on the page it names:
/// a heading, an example, or an `id` written in raw HTML. Links to missing files are caught while weaving.
///
/// ```swift
/// try LinkChecker().check(woven)   // throws every broken anchor, each at its link's file:line:column
/// ```
public struct LinkChecker: Sendable {
    public init() {}

    public func check(_ articles: [WovenArticle]) throws {
        let anchors = Dictionary(articles.map { ($0.article.relativePath, $0.anchors) }, uniquingKeysWith: { a, _ in a })
        var problems: [Diagnostic] = []
        for article in articles {
            for link in article.fragmentLinks where !link.fragment.isEmpty {
                guard let available = anchors[link.article], !available.contains(link.fragment) else { continue }
                let page = link.article == article.article.relativePath ? "this page" : "'\(link.article)'"
                problems.append(.missingAnchor(link.fragment, on: page, suggestion: Self.closest(to: link.fragment, in: available),
                                               at: link.location))
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
    }

    /// The anchor most like `fragment` (by edit distance, at most half its length away), to suggest.
    static func closest(to fragment: String, in anchors: Set<String>) -> String? {
        let limit = max(2, fragment.count / 2)
        return anchors.map { ($0, distance(fragment, $0)) }.filter { $0.1 <= limit }
            .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
