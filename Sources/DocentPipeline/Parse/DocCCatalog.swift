import DocentCore
import DocentMarkdown

/// What makes a folder of Markdown a DocC catalog, read at Parse: each article's directives (`@TechnologyRoot`,
/// `@Metadata`) and `## Topics` lists, then the site arranged by them — the root page becomes the home page, and the
/// Topics lists (the root's, then those of the pages it lists, depth first) give the reading order.
///
/// ```swift
/// let page = DocCCatalog.page(of: body, path: "Book.docc/The-Book.md", bodyLineOffset: 0)
/// let problems = DocCCatalog.arrange(&articles, config: &config, images: images)
/// ```
enum DocCCatalog {
    /// The DocC facts of one article's body.
    static func page(of body: MarkdownDocument, path: String, bodyLineOffset: Int) -> DocCPage {
        var page = DocCPage()
        for directive in body.directiveRegions.flatMap(\.allDirectives) {
            switch directive.name {
            case "TechnologyRoot": page.isTechnologyRoot = true
            case "DisplayName": page.displayName = page.displayName ?? directive.argument(nil)
            case "PageKind": page.pageKind = page.pageKind ?? directive.argument(nil)
            default: break
            }
        }
        page.symbolTitle = symbolTitle(of: body)
        var inTopics = false
        for node in body.root.children {
            if case .heading(let level) = node.kind {
                if level <= 2 {
                    // Foundation's trimming is slow, and most headings do not hold the word at all.
                    let text = level == 2 ? node.plainText : ""
                    inTopics = text.utf8Offset(of: "Topics") != nil && text.trimmingCharacters(in: .whitespaces) == "Topics"
                } else if inTopics, level == 3 {
                    page.topics.append(.init(title: node.plainText))
                }
                continue
            }
            guard inTopics, case .list = node.kind else { continue }
            let links = node.filter { if case .link(let destination, _) = $0.kind { destination.hasPrefix("doc:") } else { false } }
            if page.topics.isEmpty { page.topics.append(.init(title: nil)) }
            for link in links {
                guard case .link(let destination, _) = link.kind else { continue }
                let location = SourceLocation(path: path, line: link.range.start.line + bodyLineOffset, column: link.range.start.column)
                page.topics[page.topics.count - 1].references.append(.init(destination: destination, location: location))
            }
        }
        return page
    }

    /// The symbol link that is the first `#` heading's whole text, read from the source (cmark keeps no backtick
    /// count): ``` # ``Algorithms`` ``` → `Algorithms`, with a trailing HTML comment allowed.
    static func symbolTitle(of body: MarkdownDocument) -> String? {
        guard let heading = body.root.children.first(where: { $0.kind == .heading(level: 1) }) else { return nil }
        let lines = body.source.markdownLines
        guard heading.range.start.line >= 1, heading.range.start.line <= lines.count else { return nil }
        var text = lines[heading.range.start.line - 1].trimmingCharacters(in: .whitespaces)
        if let comment = text.range(of: "<!--"), text.hasSuffix("-->") {
            text = String(text[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        guard text.hasPrefix("#") else { return nil }
        text = String(text.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
        guard text.count > 4, text.hasPrefix("``"), text.hasSuffix("``") else { return nil }
        let symbol = text.dropFirst(2).dropLast(2)
        guard !symbol.isEmpty, !symbol.contains("`") else { return nil }
        return String(symbol)
    }

    /// Gives every article the image catalog; when an article is the catalog's root (`@TechnologyRoot`), makes it
    /// the home page, names the site after it unless `site.yml` gives a title, and puts the other articles (those
    /// without a `series:` of their own) in one series ordered by the Topics lists; articles no list names come
    /// after, in the usual order. A second root is an error.
    /// `home` is the root's page: the site's home page (`""`), or a catalog's section among a package's
    /// documentation sets (`Sources/Numerics/Numerics.docc/`), which leaves the site's title alone.
    static func arrange(_ articles: inout [Article], config: inout SiteConfig, images: ImageCatalog, home: String = "") -> [Diagnostic] {
        for index in articles.indices { articles[index].images = images }
        let roots = articles.indices.filter { articles[$0].docc.isTechnologyRoot }
        if roots.isEmpty, let implied = CatalogRoot.impliedRoot(of: articles) {
            articles[implied].docc.isTechnologyRoot = true
            return arrange(&articles, config: &config, images: images, home: home)
        }
        guard let rootIndex = roots.first else { return [] }
        var problems: [Diagnostic] = []
        for other in roots.dropFirst() {
            problems.append(.secondCatalogRoot(home: articles[rootIndex].relativePath, at: articles[other].path))
            articles[other].docc.isTechnologyRoot = false
        }
        // A top-level `index.md` beside the root keeps a page of its own rather than taking the root's.
        for index in articles.indices where index != rootIndex && articles[index].urlPath == home { articles[index].urlPath = home + "index/" }
        articles[rootIndex].urlPath = home
        let title = articles[rootIndex].frontMatter.title
        if !config.titleIsSet, home.isEmpty { config.title = title }

        let resolver = DocReferenceResolver(articles: articles.map(\.relativePath))
        let byPath = Dictionary(articles.indices.map { (articles[$0].relativePath, $0) }, uniquingKeysWith: { a, _ in a })
        var order: [String: Int] = [:]
        var visited: Set<String> = [articles[rootIndex].relativePath]
        func visit(_ index: Int) {
            for reference in articles[index].docc.topics.flatMap(\.references) {
                guard let parsed = DocReference(reference.destination), case .found(let path) = resolver.resolve(parsed),
                      !visited.contains(path), let target = byPath[path] else { continue }
                visited.insert(path)
                order[path] = order.count + 1
                visit(target)
            }
        }
        visit(rootIndex)
        for index in articles.indices where index != rootIndex {
            guard articles[index].frontMatter.series == nil, articles[index].frontMatter.layout == .article else { continue }
            articles[index].frontMatter.series = title
            if articles[index].frontMatter.order == nil { articles[index].frontMatter.order = order[articles[index].relativePath] }
        }
        return problems
    }
}
