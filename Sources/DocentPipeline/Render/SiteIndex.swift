import DocentCore

/// How the articles of a site group: series in order, tags, and the stand-alone pages.
public struct SiteIndex: Sendable {
    /// A series and its articles in reading order.
    public struct Series: Sendable {
        public var title: String
        public var slug: String
        public var summary: String?
        public var articles: [WovenArticle]
    }

    /// A tag and the articles carrying it, newest first.
    public struct Tag: Sendable {
        public var name: String
        public var slug: String
        public var articles: [WovenArticle]
    }

    public var series: [Series]
    public var tags: [Tag]
    /// Dated articles that belong to no series, newest first.
    public var standalone: [WovenArticle]
    /// Articles with `layout: page`, by title.
    public var pages: [WovenArticle]
    /// A DocC catalog's root page (`@TechnologyRoot`), shown as the home page; in no other list.
    public var root: WovenArticle?

    public init(articles: [WovenArticle], config: SiteConfig) {
        root = articles.first { $0.article.docc.isTechnologyRoot }
        let articles = articles.filter { !$0.article.docc.isTechnologyRoot }
        let dated = articles.filter { $0.article.frontMatter.layout == .article }
        pages = articles.filter { $0.article.frontMatter.layout == .page }
            .sorted { $0.article.frontMatter.title < $1.article.frontMatter.title }
        standalone = Self.newestFirst(dated.filter { $0.article.frontMatter.series == nil })

        let grouped = Dictionary(grouping: dated.filter { $0.article.frontMatter.series != nil }) {
            $0.article.frontMatter.series!
        }
        let listed = config.series.map(\.title)
        let titles = listed.filter { grouped[$0] != nil } + grouped.keys.filter { !listed.contains($0) }.sorted()
        var seriesSlugs: Set<String> = []
        series = titles.map { title in
            let members = grouped[title]!.sorted {
                let (a, b) = ($0.article.frontMatter, $1.article.frontMatter)
                if a.order != b.order { return (a.order ?? Int.max) < (b.order ?? Int.max) }
                if a.date != b.date { return Self.datedFirst(a.date, b.date) }
                return a.title < b.title
            }
            return Series(title: title, slug: Slug.unique(title, fallback: "series", in: &seriesSlugs),
                          summary: config.series.first { $0.title == title }?.summary, articles: members)
        }

        var byTag: [String: [WovenArticle]] = [:]
        for article in dated {
            for tag in Set(article.article.frontMatter.tags) { byTag[tag, default: []].append(article) }
        }
        var tagSlugs: Set<String> = []
        tags = byTag.keys.sorted { $0.lowercased() < $1.lowercased() }.map { name in
            Tag(name: name, slug: Slug.unique(name, fallback: "tag", in: &tagSlugs), articles: Self.newestFirst(byTag[name]!))
        }
    }

    /// Newest first; undated articles after every dated one, by title, then path.
    static func newestFirst(_ articles: [WovenArticle]) -> [WovenArticle] {
        articles.sorted {
            let (a, b) = ($0.article.frontMatter, $1.article.frontMatter)
            if a.date != b.date { return datedFirst(a.date, b.date) }
            return (a.title, $0.article.path) < (b.title, $1.article.path)
        }
    }

    /// Whether an article dated `a` comes before one dated `b` (different days): newer first, undated last.
    static func datedFirst(_ a: ArticleDate?, _ b: ArticleDate?) -> Bool {
        switch (a, b) {
        case let (a?, b?): a > b
        case (_?, nil): true
        default: false
        }
    }

    public func series(named title: String) -> Series? {
        series.first { $0.title == title }
    }

    public func tag(named name: String) -> Tag? {
        tags.first { $0.name == name }
    }
}
