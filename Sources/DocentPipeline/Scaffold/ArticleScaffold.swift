import DocentCore
import Foundation

/// A new article (`docent new`): front matter filled in — the title, today's date, and for a series its name,
/// the next `order`, and the time zone and locale its other articles share — and a starter snippet.
public struct ArticleScaffold: Sendable {
    public var title: String
    public var today: ArticleDate
    public var series: String?

    public init(title: String, today: ArticleDate, series: String? = nil) {
        self.title = title
        self.today = today
        self.series = series
    }

    /// The file's path relative to the content folder: `<slug>.md`, the slug cut (at a word, where there is one) to
    /// fit a file name (``Slug/maximumBytes``).
    public var relativePath: String {
        var slug = Slug.make(title)
        if slug.utf8.count > Slug.maximumBytes {
            var cut = ""
            for character in slug {
                guard cut.utf8.count + character.utf8.count <= Slug.maximumBytes else { break }
                cut.append(character)
            }
            slug = cut.contains("-") ? String(cut[..<cut.lastIndex(of: "-")!]) : cut
        }
        return (slug.isEmpty ? "untitled" : slug) + ".md"
    }

    /// The article's text, given the site's existing articles.
    public func text(existing articles: [Article]) -> String {
        var lines = ["---", "title: \(SiteScaffold.yamlQuoted(title))", "date: \(today)",
                     "# summary: one sentence for the lists and the page's description"]
        if let series {
            let members = articles.filter { $0.frontMatter.series == series }
            lines.append("series: \(SiteScaffold.yamlQuoted(series))")
            lines.append("order: \((members.compactMap(\.frontMatter.order).max() ?? members.count) + 1)")
            if let zone = Self.shared(members.map(\.frontMatter.execution.timeZone)) { lines.append("timezone: \(zone)") }
            if let locale = Self.shared(members.map(\.frontMatter.execution.locale)) { lines.append("locale: \(locale)") }
        }
        lines += ["---", "", "Say what this article is about.", "", "```swift", "let answer = 6 * 7", "print(answer)", "```", "",
                  "```output", "42", "```", ""]
        return lines.joined(separator: "\n")
    }

    /// Writes the article into `content`; refuses to overwrite. Returns the path written.
    public func write(into content: String, existing articles: [Article], fileSystem: any FileSystem) throws -> String {
        try fileSystem.writeNewFiles([(relativePath, Data(text(existing: articles).utf8))], into: content, more: "",
                                     advice: "move it away, or choose another folder")[0]
    }

    /// The value every article states, if they all state the same one.
    static func shared(_ values: [String?]) -> String? {
        guard let first = values.first, let value = first, values.allSatisfy({ $0 == value }) else { return nil }
        return value
    }
}
