import DocentCore

/// Builds the values each template sees. Links are relative to the page (`root` is `../../` for a page
/// two folders deep), so the site works from any folder of any server.
struct PageContext: Sendable {
    let config: SiteConfig
    let index: SiteIndex
    let generator: String
    /// When and with which Swift the examples were checked, for the badges.
    let checked: CheckStamp
    /// Whether the site gets a search index; without one, templates leave the search box out (`noSearch`).
    var hasSearch = true

    func home() -> [String: Any] {
        var context = common(url: "", title: config.title, description: config.description)
        context["series"] = index.series.map { seriesSummary($0, from: "") }
        context["articles"] = index.standalone.map { card($0, from: "") }
        context["hasArticles"] = !index.standalone.isEmpty
        context["hasSeries"] = !index.series.isEmpty
        if let root = index.root {
            // A DocC catalog's root page: its body, then the contents its Topics ordered.
            context["catalogRoot"] = articleValues(root)
            context["sourcePath"] = root.article.path
        }
        return context
    }

    func article(_ woven: WovenArticle) -> [String: Any] {
        let article = woven.article
        let url = article.urlPath
        var context = common(url: url, title: article.frontMatter.title, description: article.frontMatter.summary ?? config.description)
        context["ogType"] = "article"
        context["article"] = articleValues(woven)
        return context
    }

    /// What the article template shows of one article: its card, body, contents, badge and series navigation.
    private func articleValues(_ woven: WovenArticle) -> [String: Any] {
        let article = woven.article
        let url = article.urlPath
        var values = card(woven, from: url)
        values["html"] = woven.html
        let toc = Self.nestedContents(woven.headings)
        values["toc"] = toc
        values["hasToc"] = woven.headings.filter { (2...3).contains($0.level) }.count >= 2
        if !woven.verification.isEmpty {
            values["verification"] = verification(woven.verification)
            values["hasVerification"] = true
        }
        values["sourcePath"] = article.path
        if let name = article.frontMatter.series, let series = index.series(named: name),
           let position = series.articles.firstIndex(where: { $0.article.relativePath == article.relativePath }) {
            var navigation = seriesSummary(series, from: url)
            navigation["position"] = position + 1
            navigation["count"] = series.articles.count
            navigation["articles"] = series.articles.enumerated().map { offset, member -> [String: Any] in
                var entry = card(member, from: url)
                entry["current"] = offset == position
                entry["number"] = offset + 1
                return entry
            }
            if position > 0 { navigation["previous"] = card(series.articles[position - 1], from: url) }
            if position + 1 < series.articles.count { navigation["next"] = card(series.articles[position + 1], from: url) }
            values["series"] = navigation
        }
        return values
    }

    func series(_ series: SiteIndex.Series, at url: String) -> [String: Any] {
        var context = common(url: url, title: series.title, description: series.summary ?? config.description)
        var values = seriesSummary(series, from: url)
        values["articles"] = series.articles.enumerated().map { offset, member -> [String: Any] in
            var entry = card(member, from: url)
            entry["number"] = offset + 1
            return entry
        }
        context["series"] = values
        return context
    }

    func tag(_ tag: SiteIndex.Tag, at url: String) -> [String: Any] {
        var context = common(url: url, title: "Tagged “\(tag.name)”", description: config.description)
        context["tag"] = ["name": tag.name, "articles": tag.articles.map { card($0, from: url) }] as [String: Any]
        return context
    }

    func tagList(at url: String) -> [String: Any] {
        var context = common(url: url, title: "Tags", description: config.description)
        context["tags"] = index.tags.map { tagLink($0, from: url) }
        return context
    }

    // MARK: - Pieces

    /// The page for addresses that lead nowhere, served from any depth: its links start at the site's root path.
    func notFound() -> [String: Any] {
        var context = common(url: "404.html", title: "Page not found", description: config.description)
        let root = SiteAddress(config.baseURL).rootPath
        context["root"] = root
        context["nav"] = index.pages.map { ["title": $0.article.frontMatter.title, "url": root + LinkResolver.percentEncode($0.article.urlPath)] }
        context["feedURL"] = root + "feed.xml"
        context["isNotFound"] = true
        context.removeValue(forKey: "canonicalURL")
        return context
    }

    private func common(url: String, title: String, description: String?) -> [String: Any] {
        let root = Self.root(of: url)
        var site: [String: Any] = ["title": config.title, "language": config.language, "baseURL": config.baseURL]
        site["description"] = config.description
        site["author"] = config.author
        var context: [String: Any] = [
            "site": site,
            "root": root,
            "title": title,
            "isHome": url.isEmpty,
            "ogType": "website",
            "feedURL": root + "feed.xml",
            "generator": generator,
            "noSearch": !hasSearch,
            "nav": index.pages.map { ["title": $0.article.frontMatter.title, "url": root + LinkResolver.percentEncode($0.article.urlPath)] },
        ]
        context["description"] = description
        context["canonicalURL"] = SiteAddress(config.baseURL).absolute(url)
        return context
    }

    /// h2 headings with their h3s nested under them (an h3 before any h2 stands on its own).
    static func nestedContents(_ headings: [WovenArticle.Heading]) -> [[String: Any]] {
        var entries: [[String: Any]] = []
        for heading in headings where (2...3).contains(heading.level) {
            let entry: [String: Any] = ["text": heading.text, "anchor": heading.anchor, "level": heading.level]
            if heading.level == 3, var parent = entries.last, parent["level"] as? Int == 2 {
                var children = parent["children"] as? [[String: Any]] ?? []
                children.append(entry)
                parent["children"] = children
                parent["hasChildren"] = true
                entries[entries.count - 1] = parent
            } else {
                entries.append(entry)
            }
        }
        return entries
    }

    private func verification(_ verification: Verification) -> [String: Any] {
        let outcomes = verification.outcomes
        var values: [String: Any] = [
            "total": verification.total,
            "passed": verification.passed,
            "failed": verification.failed,
            "notVerified": verification.notVerified,
            "hasFailures": !verification.failures.isEmpty,
            "allRanAndPassed": verification.allRanAndPassed,
            "outcomes": outcomes.enumerated().map { offset, text -> [String: Any] in ["text": text, "isFirst": offset == 0] },
            "checkedOn": checked.date.description,
            "checkedOnText": checked.date.longForm,
            "failures": verification.failures.map { ["label": $0.label, "anchor": $0.anchor] },
        ]
        values["swiftVersion"] = checked.swiftVersion
        values["platform"] = checked.platform
        return values
    }

    private func card(_ woven: WovenArticle, from url: String) -> [String: Any] {
        let matter = woven.article.frontMatter
        var values: [String: Any] = [
            "title": matter.title,
            "url": Self.root(of: url) + LinkResolver.percentEncode(woven.article.urlPath),
            "date": matter.date?.longForm ?? "",
            "dateISO": matter.date?.description ?? "",
            "hasDate": matter.date != nil,
            "tags": matter.tags.compactMap { name in index.tag(named: name).map { tagLink($0, from: url) } },
        ]
        values["summary"] = matter.summary ?? ""
        values["hasSummary"] = matter.summary != nil
        values["hasTags"] = !matter.tags.isEmpty
        return values
    }

    private func seriesSummary(_ series: SiteIndex.Series, from url: String) -> [String: Any] {
        var values: [String: Any] = [
            "title": series.title,
            "url": Self.root(of: url) + SiteAddress.seriesPage(series.slug),
            "count": series.articles.count,
            "articles": series.articles.enumerated().map { offset, member -> [String: Any] in
                var entry = card(member, from: url)
                entry["number"] = offset + 1
                return entry
            },
        ]
        values["summary"] = series.summary ?? ""
        values["hasSummary"] = series.summary != nil
        return values
    }

    private func tagLink(_ tag: SiteIndex.Tag, from url: String) -> [String: Any] {
        ["name": tag.name, "url": Self.root(of: url) + SiteAddress.tagPage(tag.slug), "count": tag.articles.count]
    }

    /// `../` once per folder of `url`: how a page reaches the site's root.
    static func root(of url: String) -> String {
        String(repeating: "../", count: url.split(separator: "/").count)
    }
}
