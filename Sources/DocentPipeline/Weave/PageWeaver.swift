import DocentCore
import DocentMarkdown

/// The Weave stage: decides what each node of an article becomes in HTML (anchored headings,
/// rewritten links, Docent's own markup for code) and has cmark render the rest.
///
/// ```swift
/// let woven = try PageWeaver(articles: site.articles, assets: site.assets).weave(article, snippets: checked)
/// ```
/// Each checked snippet's code block, and its `output` block, become ``SnippetMarkup``; other code blocks
/// keep cmark's rendering.
public struct PageWeaver: Sendable {
    private let links: LinkResolver

    public init(articles: [Article], assets: [String]) {
        links = LinkResolver(pages: Dictionary(articles.map { ($0.relativePath, $0.urlPath) }, uniquingKeysWith: { a, _ in a }),
                             assets: Set(assets))
    }

    /// Weaves one article with the verdicts on its snippets; every link to a file that does not exist is
    /// reported with its location.
    public func weave(_ article: Article, snippets: [CheckedSnippet] = []) throws -> WovenArticle {
        var rewrites: [Int: NodeRewrite] = [:]
        let markup = SnippetMarkup()
        for (index, checked) in snippets.enumerated() {
            rewrites[checked.snippet.nodeID] = .replaceWithHTML(markup.render(checked, index: index))
            if let output = checked.snippet.expectedOutput { rewrites[output.nodeID] = .replaceWithHTML("") }
        }
        var headings: [WovenArticle.Heading] = []
        var usedAnchors: Set<String> = []
        var problems: [Diagnostic] = []
        var fragmentLinks: [WovenArticle.FragmentLink] = []
        var externalLinks: [WovenArticle.ExternalLink] = []
        var warnings: [Diagnostic] = []

        if let title = article.titleHeadingNodeID { rewrites[title] = .replaceWithHTML("") }
        let lines = article.body.source.markdownLines
        article.body.root.forEach { node in
            switch node.kind {
            case .heading where node.id == article.titleHeadingNodeID:
                break // the page's title, shown by the template
            case .heading(let level):
                let text = node.plainText
                let anchor = Slug.unique(text, fallback: "section", in: &usedAnchors)
                rewrites[node.id] = HeadingAnchor(id: anchor, level: level).rewrite
                headings.append(.init(level: level, text: text, anchor: anchor))
            case .image(let destination, _) where node.plainText.trimmingCharacters(in: .whitespaces).isEmpty:
                warnings.append(.warning(at: locate(destination, near: node, in: article, lines: lines),
                                         "image '\(destination)' has no alt text: screen readers and search engines will skip it",
                                         notes: ["describe the image between the brackets: ![A diagram of …](\(destination))"]))
                fallthrough
            case .link(let destination, _), .image(let destination, _):
                if let (target, fragment) = links.fragmentTarget(of: destination, fromArticle: article.relativePath) {
                    fragmentLinks.append(.init(article: target, fragment: fragment, location: locate(destination, near: node, in: article, lines: lines)))
                } else if LinkResolver.hasScheme(destination) || destination.hasPrefix("//") {
                    externalLinks.append(.init(url: destination, location: locate(destination, near: node, in: article, lines: lines)))
                }
                switch links.resolve(destination, fromArticle: article.relativePath, pageURL: article.urlPath) {
                case .unchanged: break
                case .rewritten(let url): rewrites[node.id] = .destination(url)
                case .missing(let target):
                    problems.append(.error(at: locate(destination, near: node, in: article, lines: lines),
                                           "link to '\(destination)': no article or file '\(target)' in the content folder",
                                           notes: ["fix the path (it is relative to this file), or add the file"]))
                }
            default:
                break
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        let html = article.body.html(rewriting: rewrites)
        var woven = WovenArticle(article: article, html: html, headings: headings, verification: Verification(snippets),
                                 anchors: Self.ids(in: html))
        woven.fragmentLinks = fragmentLinks
        woven.externalLinks = externalLinks
        woven.warnings = warnings
        return woven
    }

    /// Every `id="…"` value in the rendered HTML: headings, examples, and any the author wrote in raw HTML.
    static func ids(in html: String) -> Set<String> {
        var found: Set<String> = []
        let bytes = Array(html.utf8)
        let pattern = Array(" id=\"".utf8)
        var index = 0
        while index + pattern.count <= bytes.count {
            guard bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) else {
                index += 1
                continue
            }
            let start = index + pattern.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            found.insert(HTML.unescape(String(decoding: bytes[start..<end], as: UTF8.self)))
            index = end + 1
        }
        return found
    }

    /// cmark gives inlines no position, so find the destination's text inside its block for an exact location.
    private func locate(_ destination: String, near node: MarkdownNode, in article: Article, lines: [Substring]) -> SourceLocation {
        let range = node.range
        if !destination.isEmpty {
            for lineNumber in range.start.line...max(range.start.line, range.end.line) where lineNumber <= lines.count {
                let line = lines[lineNumber - 1]
                if let found = line.range(of: destination) {
                    let column = line.utf8.distance(from: line.startIndex, to: found.lowerBound) + 1
                    return article.location(of: MarkdownPosition(line: lineNumber, column: column))
                }
            }
        }
        return article.location(of: range.start)
    }
}
