import DocentCore

/// The site's Atom feed (`feed.xml`): its newest dated articles (at most ``limit``), newest first, each with its
/// summary and whole page body.
///
/// ```swift
/// let xml = FeedWriter(config: config, address: SiteAddress(config.baseURL)).feed(for: index.dated, updated: checked.date)
/// ```
/// Links are absolute when `base-url` is; otherwise they are relative to the feed, and ids are `urn:docent:` names.
struct FeedWriter: Sendable {
    /// Feed readers poll often: the newest 50 articles, not a whole archive.
    static let limit = 50

    let config: SiteConfig
    let address: SiteAddress

    func feed(for articles: [WovenArticle], updated fallback: ArticleDate) -> String {
        let updated = articles.compactMap(\.article.frontMatter.date).max() ?? fallback
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\""
            + " xml:lang=\"\(XMLText.escape(config.language))\">\n"
        xml += "  <title>\(XMLText.escape(config.title))</title>\n"
        if let description = config.description { xml += "  <subtitle>\(XMLText.escape(description))</subtitle>\n" }
        xml += "  <id>\(XMLText.escape(id(of: "")))</id>\n"
        xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escape(link(to: "")))\"/>\n"
        if let feed = address.absolute("feed.xml") { xml += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(XMLText.escape(feed))\"/>\n" }
        xml += "  <updated>\(Self.timestamp(updated))</updated>\n"
        if let author = config.author { xml += "  <author><name>\(XMLText.escape(author))</name></author>\n" }
        xml += "  <generator>Docent</generator>\n"
        for woven in articles.prefix(Self.limit) {
            let matter = woven.article.frontMatter
            let page = woven.article.urlPath
            xml += "  <entry>\n"
            xml += "    <title>\(XMLText.escape(matter.title))</title>\n"
            xml += "    <id>\(XMLText.escape(id(of: page)))</id>\n"
            xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escape(link(to: page)))\"/>\n"
            if let date = matter.date {
                xml += "    <published>\(Self.timestamp(date))</published>\n    <updated>\(Self.timestamp(date))</updated>\n"
            }
            for tag in matter.tags { xml += "    <category term=\"\(XMLText.escape(tag))\"/>\n" }
            if let summary = matter.summary { xml += "    <summary>\(XMLText.escape(summary))</summary>\n" }
            let base = address.absolute(page).map { " xml:base=\"\(XMLText.escape($0))\"" } ?? ""
            xml += "    <content type=\"html\"\(base)>\(XMLText.escape(woven.html))</content>\n"
            xml += "  </entry>\n"
        }
        return xml + "</feed>\n"
    }

    private func link(to page: String) -> String {
        address.absolute(page) ?? (page.isEmpty ? "./" : LinkResolver.percentEncode(page))
    }

    private func id(of page: String) -> String {
        address.absolute(page) ?? "urn:docent:" + LinkResolver.percentEncode(config.title + "/" + page)
    }

    /// Midnight UTC of the day, as RFC 3339.
    static func timestamp(_ date: ArticleDate) -> String {
        "\(date.description)T00:00:00Z"
    }
}
