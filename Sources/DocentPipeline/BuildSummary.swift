/// What a finished build did.
public struct BuildSummary: Sendable {
    public var articles: Int
    public var pages: Int
    public var copiedFiles: Int
    public var seconds: Double
    /// Every snippet's verdict; the site is written even when some failed.
    public var snippets: TestReport
    /// Every link out of the site, with where it is written (`docent build --list-external`); never fetched.
    public var externalLinks: [WovenArticle.ExternalLink] = []
}
