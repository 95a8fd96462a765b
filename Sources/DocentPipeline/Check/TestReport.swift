import DocentCore

/// What a `docent test` run found: every checked snippet of every article, in order.
public struct TestReport: Sendable {
    /// One article's checked snippets.
    public struct ArticleResults: Sendable {
        public var path: String
        public var snippets: [CheckedSnippet]
        /// The file's text when it was read, so `--update` can tell that it changed since.
        public var source: String?

        public init(path: String, snippets: [CheckedSnippet], source: String? = nil) {
            self.path = path
            self.snippets = snippets
            self.source = source
        }
    }

    public var articles: [ArticleResults]

    public init(articles: [ArticleResults]) {
        self.articles = articles
    }

    /// Every test case, in article and document order.
    public var cases: [CheckedSnippet] { articles.flatMap(\.snippets) }
    public var passed: Int { cases.filter(\.passed).count }
    public var failed: Int { cases.filter(\.failed).count }
    public var skipped: Int { cases.filter(\.skipped).count }
    /// Skipped snippets that are declaration listings: counted among the skipped, and on their own.
    public var declarationListings: Int { cases.filter(\.isDeclarationListing).count }
    /// Skipped snippets that are package manifests: counted among the skipped, and on their own.
    public var manifests: Int { cases.filter { $0.listing == .manifest }.count }
    /// Snippets that failed as their authors said they must (`crash`, `compile-fail`, lines marked as errors):
    /// counted among the passed, and on their own.
    public var expectedFailures: Int { cases.filter { $0.result.status == .expectedFailure }.count }

    /// `3 passed, 1 failed`, with `(2 as expected failures)` after the passed when any failed as their authors
    /// said, and `, 2 skipped` when any snippet is skipped — `, 2 skipped (1 declarations only)` when some of those
    /// are declaration listings (and `, 1 package manifest` beside it for manifests).
    public var summaryLine: String {
        let compiledOnly = cases.filter(\.compiledNotRun).count
        let listings = (compiledOnly > 0 ? ["\(compiledOnly) \(CheckedSnippet.compiledNotRunReason)"] : [])
            + (declarationListings > 0 ? ["\(declarationListings) declarations only"] : [])
            + (manifests > 0 ? ["\(manifests) package \(manifests == 1 ? "manifest" : "manifests")"] : [])
        return "\(passed) passed" + (expectedFailures > 0 ? " (\(expectedFailures) as expected failures)" : "")
            + ", \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (listings.isEmpty ? "" : " (\(listings.joined(separator: ", ")))")
    }

    /// This report with the failures at `locations` dropped (they were fixed by `--update`), verdicts recomputed.
    public func removingFailures(at locations: Set<SourceLocation>) -> TestReport {
        guard !locations.isEmpty else { return self }
        var copy = self
        for articleIndex in copy.articles.indices {
            for snippetIndex in copy.articles[articleIndex].snippets.indices {
                var checked = copy.articles[articleIndex].snippets[snippetIndex]
                guard checked.result.status == .failed else { continue }
                let before = checked.result.failures.count
                checked.result.failures.removeAll { locations.contains($0.location) }
                if checked.result.failures.isEmpty && before > 0 {
                    switch checked.snippet.mode {
                    case .crash, .compileFail: checked.result.status = .expectedFailure
                    default:
                        let failedOnMark = checked.result.diagnostics.contains { diagnostic in
                            diagnostic.severity == .error && checked.snippet.markedErrors.contains { $0.line == diagnostic.location?.line }
                        }
                        checked.result.status = failedOnMark ? .expectedFailure : .passed
                    }
                }
                copy.articles[articleIndex].snippets[snippetIndex] = checked
            }
        }
        return copy
    }
}
