import DocentCore
import Foundation
import Mustache

/// The Render stage: every page of the site through the templates, plus the files to copy.
///
/// ```swift
/// let files = try SiteRenderer(templates: templates, config: site.config, contentDirectory: "content")
///     .render(articles: woven, assets: site.assets)
/// ```
public struct SiteRenderer: Sendable {
    private let templates: TemplateSet
    private let config: SiteConfig
    private let contentDirectory: String
    private let generator: String

    public init(templates: TemplateSet, config: SiteConfig, contentDirectory: String, generator: String) {
        self.templates = templates
        self.config = config
        self.contentDirectory = contentDirectory
        self.generator = generator
    }

    public func render(articles: [WovenArticle], assets: [String]) throws -> [OutputFile] {
        let index = SiteIndex(articles: articles, config: config)
        let context = PageContext(config: config, index: index, generator: generator)
        var files: [OutputFile] = []

        files.append(try page("home", at: "", context.home()))
        for article in articles {
            let template = article.article.frontMatter.layout == .page ? "page" : "article"
            files.append(try page(template, at: article.article.urlPath, context.article(article)))
        }
        for series in index.series {
            let url = "series/\(series.slug)/"
            files.append(try page("series", at: url, context.series(series, at: url)))
        }
        files.append(try page("tags", at: "tags/", context.tagList(at: "tags/")))
        for tag in index.tags {
            let url = "tags/\(tag.slug)/"
            files.append(try page("tag", at: url, context.tag(tag, at: url)))
        }
        for asset in templates.assets {
            files.append(.copied(path: asset, source: ContentLoader.join(templates.directory, asset)))
        }
        for asset in assets {
            files.append(.copied(path: asset, source: ContentLoader.join(contentDirectory, asset)))
        }
        return files
    }

    private func page(_ template: String, at url: String, _ context: [String: Any]) throws -> OutputFile {
        guard let html = templates.library.render(context, withTemplate: template) else {
            throw Diagnostic.error(at: SourceLocation(path: ContentLoader.join(templates.directory, "\(template).mustache")),
                                   "missing template '\(template)'")
        }
        return .generated(path: url + "index.html", contents: html)
    }
}
