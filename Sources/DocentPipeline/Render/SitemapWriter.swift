import DocentCore

/// `sitemap.xml` and `robots.txt`: every page's absolute address for search engines, which needs an absolute
/// `base-url` (without one, there is no sitemap and robots.txt only allows everything).
struct SitemapWriter: Sendable {
    let address: SiteAddress

    /// Pages (URL paths, `""` for home) with the day each last changed, if known.
    func sitemap(_ pages: [(url: String, modified: ArticleDate?)]) -> String? {
        guard address.isAbsolute else { return nil }
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            guard let location = address.absolute(page.url) else { continue }
            xml += "  <url><loc>\(XMLText.escape(location))</loc>"
            if let modified = page.modified { xml += "<lastmod>\(modified.description)</lastmod>" }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }

    func robots() -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let sitemap = address.absolute("sitemap.xml") { text += "\nSitemap: \(sitemap)\n" }
        return text
    }
}
