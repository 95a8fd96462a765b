/// Everything the pipeline knows about one article, stage by stage: the unit of work.
///
/// A record is made by Extract (the parsed article and its snippets), filled in by Execute and Check, and read by
/// Weave; test selection (`--filter`, `--shard`) only marks it.
public struct ArticleRecord: Sendable {
    public var article: Article
    public var snippets: [SnippetRecord]
    /// Whether test selection kept the article (`docent test --filter`, `--shard`); unselected articles do not run.
    public var isSelected = true

    public init(article: Article, snippets: [SnippetRecord]) {
        self.article = article
        self.snippets = snippets
    }

    /// Whether any of its snippets is handed to the compiler.
    public var hasCompiledSnippets: Bool { snippets.contains { $0.snippet.isCompiled } }
}
