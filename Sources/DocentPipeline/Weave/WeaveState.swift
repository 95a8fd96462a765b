import DocentCore

/// What weaving one article gathers as it walks the body and the Markdown inside its directives: headings, links
/// to check, errors and warnings.
struct WeaveState {
    var article: Article
    var headings: [WovenArticle.Heading] = []
    var problems: [Diagnostic] = []
    var fragmentLinks: [WovenArticle.FragmentLink] = []
    var externalLinks: [WovenArticle.ExternalLink] = []
    var warnings: [Diagnostic] = []

    init(article: Article) {
        self.article = article
    }
}
