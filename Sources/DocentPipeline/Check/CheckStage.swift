import DocentCore

/// The Check stage: judges every snippet's run against its author's expectations, filling in each record's result,
/// and gathers the verdicts of the selected snippets into the test report.
///
/// ```swift
/// let report = CheckStage().run(&records)      // report.summaryLine == "12 passed, 1 failed"
/// ```
struct CheckStage {
    var checker = ResultChecker()

    func run(_ records: inout [ArticleRecord], selection: TestSelection = TestSelection()) -> TestReport {
        for article in records.indices {
            for index in records[article].snippets.indices {
                let record = records[article].snippets[index]
                records[article].snippets[index].result = checker.check(record.snippet, record.run ?? SnippetRun(outcome: .notReached))
            }
        }
        return TestReport(articles: records.compactMap { record in
            let cases = record.checked.filter { selection.selects($0.snippet) }
            guard selection.isEmpty || (record.isSelected && !cases.isEmpty) else { return nil }
            return TestReport.ArticleResults(path: record.article.path, snippets: cases, source: record.article.sourceText)
        })
    }
}

extension ArticleRecord {
    /// Each snippet with its verdict, once Check has run.
    var checked: [CheckedSnippet] {
        snippets.compactMap { record in record.result.map { CheckedSnippet(snippet: record.snippet, result: $0) } }
    }
}
