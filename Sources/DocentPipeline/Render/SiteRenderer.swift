import DocentCore
import Foundation
import Mustache

/// The Render stage: every page of the site through the templates, plus the files to copy.
///
/// ```swift
/// let files = try SiteRenderer(templates: templates, config: site.config, contentDirectory: "content",
///                               generator: "Docent 1.0", checked: CheckFacts(swiftVersion: "6.3", at: Date()))
///     .render(articles: woven, assets: site.assets)
/// ```
public struct SiteRenderer: Sendable {
    private let templates: TemplateSet
    private let config: SiteConfig
    private let contentDirectory: String
    private let generator: String
    private let checked: CheckFacts
    private let hasSearch: Bool

    public init(templates: TemplateSet, config: SiteConfig, contentDirectory: String, generator: String,
                checked: CheckFacts, hasSearch: Bool = true) {
        self.hasSearch = hasSearch
        self.templates = templates
        self.config = config
        self.contentDirectory = contentDirectory
        self.generator = generator
        self.checked = checked
    }

    public func render(articles: [WovenArticle], assets: [String]) throws -> [OutputFile] {
        let index = SiteIndex(articles: articles, config: config)
        let context = PageContext(config: config, index: index, generator: generator, checked: checked, hasSearch: hasSearch)
        let address = SiteAddress(config.baseURL)
        var files: [OutputFile] = []
        var sitemap: [(url: String, modified: ArticleDate?)] = [("", nil)]

        files.append(try page("home", at: "", context.home()))
        // Article pages are most of a site: they render on every core, in order.
        let articles = articles.filter { !$0.article.docc.isTechnologyRoot } // a catalog's root is the home page
        files += try Pipeline.collected(articles.concurrentMap { article in
            let template = article.article.frontMatter.layout == .page ? "page" : "article"
            return try page(template, at: article.article.urlPath, context.article(article))
        })
        sitemap += articles.map { ($0.article.urlPath, $0.article.frontMatter.date) }
        for series in index.series {
            let url = SiteAddress.seriesPage(series.slug)
            files.append(try page("series", at: url, context.series(series, at: url)))
            sitemap.append((url, nil))
        }
        files.append(try page("tags", at: SiteAddress.tagsPage, context.tagList(at: SiteAddress.tagsPage)))
        for tag in index.tags {
            let url = SiteAddress.tagPage(tag.slug)
            files.append(try page("tag", at: url, context.tag(tag, at: url)))
            sitemap.append((url, nil))
        }
        if templates.names.contains("404"), let html = templates.library.render(context.notFound(), withTemplate: "404") {
            files.append(.generated(path: "404.html", contents: html))
        }
        let dated = (index.series.flatMap(\.articles) + index.standalone).filter { $0.article.frontMatter.date != nil }
            .sorted { ($0.article.frontMatter.date!, $1.article.urlPath) > ($1.article.frontMatter.date!, $0.article.urlPath) }
        files.append(.generated(path: "feed.xml", contents: FeedWriter(config: config, address: address).feed(for: dated, updated: checked.date)))
        let sitemapWriter = SitemapWriter(address: address)
        if let xml = sitemapWriter.sitemap(sitemap) { files.append(.generated(path: "sitemap.xml", contents: xml)) }
        files.append(.generated(path: "robots.txt", contents: sitemapWriter.robots()))
        for asset in templates.assets {
            switch asset.source {
            case .file(let source): files.append(.copied(path: asset.path, source: source))
            case .builtIn(let contents): files.append(.data(path: asset.path, contents: contents))
            }
        }
        for asset in assets {
            files.append(.copied(path: asset, source: ContentLoader.join(contentDirectory, asset)))
        }
        return files
    }

    private func page(_ template: String, at url: String, _ context: [String: Any]) throws -> OutputFile {
        guard let html = templates.library.render(context, withTemplate: template) else {
            throw Diagnostic.error(at: SourceLocation(path: templates.origins[template] ?? "\(template).mustache"),
                                   "missing template '\(template)'")
        }
        return .generated(path: url + "index.html", contents: html)
    }
}
