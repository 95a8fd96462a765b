import DocentCore

extension ResultChecker {
    /// The snippet's Swift Testing tests: each `@Test` it declares must have run and recorded no issue. A test that
    /// failed fails at its `@Test` line with each issue's message (an `#expect` shows its values) and line; a test
    /// that never ran (the program trapped or stopped before it, or Swift Testing was not there) fails as not run.
    func checkTests(of snippet: Snippet, against run: SnippetRun) -> [SnippetResult.Failure] {
        snippet.declaredTests.compactMap { line in
            let location = SourceLocation(path: snippet.location.path, line: line, column: 1)
            guard let result = run.tests.first(where: { $0.line == line }) else {
                return .init(location: location, message: "the test declared here did not run")
            }
            guard !result.issues.isEmpty else { return nil }
            let issues = result.issues.map { issue in issue.message + (issue.line.map { " (line \($0))" } ?? "") }
            return .init(location: location, message: "test \(result.name) failed: " + issues.joined(separator: "; "))
        }
    }
}
