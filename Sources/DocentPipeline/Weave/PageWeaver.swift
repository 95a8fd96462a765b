import DocentCore
import DocentMarkdown

/// The Weave stage: decides what each node of an article becomes in HTML (anchored headings,
/// rewritten links, Docent's own markup for code, DocC's links, images, asides and directives) and has cmark render
/// the rest.
///
/// ```swift
/// let woven = try PageWeaver(articles: site.articles, assets: site.assets).weave(article, snippets: checked)
/// ```
/// Each checked snippet's code block, and its `output` block, become ``SnippetMarkup``; other code blocks
/// keep cmark's rendering.
public struct PageWeaver: Sendable {
    let links: LinkResolver
    let docs: DocReferenceResolver
    /// Per article (path in the content folder): its title, and its headings' ids by DocC anchor and by id.
    let targets: [String: DocTarget]
    /// Whether the site is a DocC catalog (an article has `@TechnologyRoot`): headings then also carry DocC's
    /// anchor as an id, and ``Name`` code spans are styled as symbol references.
    let isCatalog: Bool
    /// A package's SwiftPM snippets, checked, by their path below the package without `.swift` (`Snippets/Basics`),
    /// for `@Snippet(path:)` to show.
    public var snippetPrograms: [String: CheckedSnippet] = [:]

    /// What a `<doc:>` link needs to know of the article it leads to.
    struct DocTarget: Sendable {
        var title: String
        var urlPath: String
        /// Heading ids by DocC anchor (`Access-Levels` → `access-levels`), with each id mapping to itself.
        var anchors: [String: (id: String, text: String)]
    }

    public init(articles: [Article], assets: [String]) {
        links = LinkResolver(pages: Dictionary(articles.map { ($0.relativePath, $0.urlPath) }, uniquingKeysWith: { a, _ in a }),
                             assets: Set(assets))
        docs = DocReferenceResolver(articles: articles.map(\.relativePath))
        isCatalog = articles.contains { $0.docc.isTechnologyRoot }
        var targets: [String: DocTarget] = [:]
        for article in articles {
            var anchors: [String: (id: String, text: String)] = [:]
            for heading in Self.anchoredHeadings(of: article) {
                anchors[heading.anchor] = (heading.anchor, heading.text)
                let docc = DocReference.anchor(forHeading: heading.text)
                if anchors[docc] == nil { anchors[docc] = (heading.anchor, heading.text) }
            }
            targets[article.relativePath] = DocTarget(title: article.frontMatter.title, urlPath: article.urlPath, anchors: anchors)
        }
        self.targets = targets
    }

    /// Weaves one article with the verdicts on its snippets; every link to a file that does not exist is
    /// reported with its location.
    public func weave(_ article: Article, snippets: [CheckedSnippet] = []) throws -> WovenArticle {
        var rewrites: [Int: NodeRewrite] = [:]
        let markup = SnippetMarkup(exampleNumbers: Verification.exampleNumbers(snippets))
        for (index, checked) in snippets.enumerated() {
            rewrites[checked.snippet.nodeID] = .replaceWithHTML(markup.render(checked, index: index))
            if let output = checked.snippet.expectedOutput { rewrites[output.nodeID] = .replaceWithHTML("") }
        }
        if let title = article.titleHeadingNodeID { rewrites[title] = .replaceWithHTML("") }
        var state = WeaveState(article: article)
        var aliases: Set<String> = []
        for heading in Self.anchoredHeadings(of: article) {
            var anchor = HeadingAnchor(id: heading.anchor, level: heading.level)
            let docc = DocReference.anchor(forHeading: heading.text)
            if isCatalog, docc != heading.anchor, !docc.isEmpty, aliases.insert(docc).inserted { anchor.alias = docc }
            rewrites[heading.nodeID] = anchor.rewrite
            state.headings.append(.init(level: heading.level, text: heading.text, anchor: heading.anchor))
        }
        rewrites.merge(visit(article.body, place: { $0 }, state: &state)) { _, new in new }
        if !state.problems.isEmpty { throw DiagnosticError(state.problems) }
        let html = article.body.html(rewriting: rewrites)
        var woven = WovenArticle(article: article, html: html, headings: state.headings, verification: Verification(snippets),
                                 anchors: Self.ids(in: html))
        woven.fragmentLinks = state.fragmentLinks
        woven.externalLinks = state.externalLinks
        woven.warnings = state.warnings
        return woven
    }

    /// The headings of the body that get an anchor, in order: every heading but the title and those inside a
    /// directive's region (shown from the directive's body instead).
    static func anchoredHeadings(of article: Article) -> [(nodeID: Int, level: Int, text: String, anchor: String)] {
        let covered = Set(article.body.directiveRegions.flatMap(\.blockIDs))
        var used: Set<String> = []
        var found: [(nodeID: Int, level: Int, text: String, anchor: String)] = []
        for block in article.body.root.children where !covered.contains(block.id) {
            block.forEach { node in
                guard case .heading(let level) = node.kind, node.id != article.titleHeadingNodeID else { return }
                let text = node.plainText
                found.append((node.id, level, text, Slug.unique(text, fallback: "section", in: &used)))
            }
        }
        return found
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
}
