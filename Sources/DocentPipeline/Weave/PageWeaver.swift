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
    /// Where highlighted snippets are kept between builds (``AnalysisCache``); `nil` highlights every one.
    public var highlights: AnalysisCache?
    /// Per article (path in the content folder): its anchored headings, found once for `targets` and for weaving.
    let headings: [String: ArticleHeadings]

    /// An article's headings that get an anchor, with the body they were read from (weaving another body reads again).
    struct ArticleHeadings: Sendable {
        var source: String
        var titleHeadingNodeID: Int?
        var headings: [AnchoredHeading]

        func matches(_ article: Article) -> Bool {
            titleHeadingNodeID == article.titleHeadingNodeID && source == article.body.source
        }
    }

    /// A heading that gets an anchor: its node, level, text, id on the page, and DocC's anchor for it.
    struct AnchoredHeading: Sendable {
        var nodeID: Int
        var level: Int
        var text: String
        var anchor: String
        var doccAnchor: String
    }

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
        // Headings are read on every core; a large site has thousands.
        let found = articles.concurrentMap { article in
            ArticleHeadings(source: article.body.source, titleHeadingNodeID: article.titleHeadingNodeID,
                            headings: Self.anchoredHeadings(of: article))
        }
        var targets: [String: DocTarget] = [:]
        var headings: [String: ArticleHeadings] = [:]
        for (article, result) in zip(articles, found) {
            guard case .success(let found) = result else { continue }
            var anchors: [String: (id: String, text: String)] = [:]
            for heading in found.headings {
                anchors[heading.anchor] = (heading.anchor, heading.text)
                if anchors[heading.doccAnchor] == nil { anchors[heading.doccAnchor] = (heading.anchor, heading.text) }
            }
            targets[article.relativePath] = DocTarget(title: article.frontMatter.title, urlPath: article.urlPath, anchors: anchors)
            if headings[article.relativePath] == nil { headings[article.relativePath] = found }
        }
        self.targets = targets
        self.headings = headings
    }

    /// Weaves one article with the verdicts on its snippets; every link to a file that does not exist is
    /// reported with its location.
    public func weave(_ article: Article, snippets: [CheckedSnippet] = []) throws -> WovenArticle {
        var rewrites: [Int: NodeRewrite] = [:]
        var markup = SnippetMarkup(exampleNumbers: Verification.exampleNumbers(snippets))
        markup.highlights = highlights
        for (index, checked) in snippets.enumerated() {
            rewrites[checked.snippet.nodeID] = .replaceWithHTML(markup.render(checked, index: index))
            if let output = checked.snippet.expectedOutput { rewrites[output.nodeID] = .replaceWithHTML("") }
        }
        if let title = article.titleHeadingNodeID { rewrites[title] = .replaceWithHTML("") }
        var state = WeaveState(article: article)
        var aliases: Set<String> = []
        let known = headings[article.relativePath].flatMap { $0.matches(article) ? $0.headings : nil }
        for heading in known ?? Self.anchoredHeadings(of: article) {
            var anchor = HeadingAnchor(id: heading.anchor, level: heading.level)
            let docc = heading.doccAnchor
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
    static func anchoredHeadings(of article: Article) -> [AnchoredHeading] {
        let covered = Set(article.body.directiveRegions.flatMap(\.blockIDs))
        var used: Set<String> = []
        var found: [AnchoredHeading] = []
        for block in article.body.root.children where !covered.contains(block.id) {
            block.forEach { node in
                guard case .heading(let level) = node.kind, node.id != article.titleHeadingNodeID else { return }
                let text = node.plainText
                found.append(AnchoredHeading(nodeID: node.id, level: level, text: text,
                                             anchor: Slug.unique(text, fallback: "section", in: &used),
                                             doccAnchor: DocReference.anchor(forHeading: text)))
            }
        }
        return found
    }

    /// Every `id="…"` value in the rendered HTML: headings, examples, and any the author wrote in raw HTML.
    static func ids(in html: String) -> Set<String> {
        var html = html
        return html.withUTF8 { bytes in
            var found: Set<String> = []
            var pattern = " id=\""
            var next = 0
            while let attribute = pattern.withUTF8({ ByteSearch.offset(of: $0, in: bytes, from: next) }) {
                let start = attribute + 5
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                found.insert(HTML.unescape(String(decoding: bytes[start..<end], as: UTF8.self)))
                next = end + 1
            }
            return found
        }
    }
}
