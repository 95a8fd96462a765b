import DocentCore

/// Which test cases a `docent test` run covers: those whose name contains `--filter`'s text, in the articles of
/// `--shard K/N`. Applied once, before Execute: articles with no selected case do not run, and the report lists the
/// selected cases only.
///
/// ```swift
/// let selection = TestSelection(filter: "dates.md", shard: TestConfiguration.Shard(index: 1, count: 3))
/// selection.select(&records)
/// let report = CheckStage().run(&records, selection: selection)
/// ```
struct TestSelection: Sendable {
    var filter: String?
    var shard: TestConfiguration.Shard?

    /// Whether nothing is filtered out.
    var isEmpty: Bool { filter == nil && shard == nil }

    func selects(_ snippet: Snippet) -> Bool {
        filter.map(snippet.name.contains) ?? true
    }

    /// Marks the articles this selection leaves out. Shards deal the articles with snippets, sorted by path, out in
    /// turn, so N shards together cover every case exactly once.
    func select(_ records: inout [ArticleRecord]) {
        guard !isEmpty else { return }
        for index in records.indices where !records[index].snippets.contains(where: { selects($0.snippet) }) {
            records[index].isSelected = false
        }
        guard let shard else { return }
        let dealt = records.indices.filter { !records[$0].snippets.isEmpty }.sorted { records[$0].article.path < records[$1].article.path }
        for (position, index) in dealt.enumerated() where !shard.contains(position: position) {
            records[index].isSelected = false
        }
    }
}
