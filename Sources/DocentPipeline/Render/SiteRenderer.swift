import DocentCore
import Foundation
import Mustache

/// The Render stage: every page of the site through the templates, plus the files to copy.
///
/// ```swift
/// let files = try SiteRenderer(templates: templates, config: site.config, contentDirectory: "content",
///                               generator: "Docent 1.0", checked: CheckStamp(swiftVersion: "6.3", at: Date()))
///     .render(articles: woven, assets: site.assets)
/// ```
public struct SiteRenderer: Sendable {
    private let templates: TemplateSet
    private let config: SiteConfig
    private let contentDirectory: String
    private let generator: String
    private let checked: CheckStamp
    private let hasSearch: Bool

    public init(templates: TemplateSet, config: SiteConfig, contentDirectory: String, generator: String,
                checked: CheckStamp, hasSearch: Bool = true) {
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
        let articles = articles.filter { !$0.article.docc.isTechnologyRoot } // a catalog's root is the home page
        var sitemap: [(url: String, modified: ArticleDate?)] = [("", nil)]
        sitemap += articles.map { ($0.article.urlPath, $0.article.frontMatter.date) }
        sitemap += index.series.map { (SiteAddress.seriesPage($0.slug), nil) }
        sitemap += index.tags.map { (SiteAddress.tagPage($0.slug), nil) }

        // Every page, and the feed, is one job; the jobs run on every core and their files keep this order. The home
        // page and the feed (the largest: every article's card, the newest articles' bodies) go first.
        var jobs: [@Sendable () throws -> OutputFile?] = []
        jobs.append { try page("home", at: "", context.home()) }
        let dated = (index.series.flatMap(\.articles) + index.standalone).filter { $0.article.frontMatter.date != nil }
            .sorted { ($0.article.frontMatter.date!, $1.article.urlPath) > ($1.article.frontMatter.date!, $0.article.urlPath) }
        let feed: @Sendable () -> OutputFile? = { [config, checked] in
            .generated(path: "feed.xml", contents: FeedWriter(config: config, address: address).feed(for: dated, updated: checked.date))
        }
        jobs += articles.map { article in
            { try page(article.article.frontMatter.layout == .page ? "page" : "article", at: article.article.urlPath, context.article(article)) }
        }
        for series in index.series {
            jobs.append { try page("series", at: SiteAddress.seriesPage(series.slug), context.series(series, at: SiteAddress.seriesPage(series.slug))) }
        }
        jobs.append { try page("tags", at: SiteAddress.tagsPage, context.tagList(at: SiteAddress.tagsPage)) }
        for tag in index.tags {
            jobs.append { try page("tag", at: SiteAddress.tagPage(tag.slug), context.tag(tag, at: SiteAddress.tagPage(tag.slug))) }
        }
        jobs.append { [templates] in
            guard templates.names.contains("404"), let html = templates.library.render(context.notFound(), withTemplate: "404") else { return nil }
            return .generated(path: "404.html", contents: html)
        }
        jobs.append(feed)
        // Run the feed second: moved ahead of the article pages, then put back in its place.
        let order = [0, jobs.count - 1] + Array(1..<(jobs.count - 1))
        let rendered = try Pipeline.collected(order.map { jobs[$0] }.concurrentMap { job in try job() })
        var results = [OutputFile?](repeating: nil, count: jobs.count)
        for (position, file) in zip(order, rendered) { results[position] = file }
        var files = results.compactMap { $0 }

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
            throw Diagnostic.templateDidNotRender(template, at: templates.origins[template] ?? "\(template).mustache")
        }
        return .generated(path: url + "index.html", contents: html)
    }
}
