import DocentCore

extension ResultChecker {
    /// The snippet's Swift Testing tests: each `@Test` it declares must have run and recorded no issue. A test that
    /// failed fails at its `@Test` line with each issue's message (an `#expect` shows its values) and line; a test
    /// that trapped fails at its line with the trap's message and the line that trapped; one that never ran (another
    /// trapped first, the program stopped before it, or Swift Testing was not there) fails as not run, saying why.
    func checkTests(of snippet: Snippet, against run: SnippetRun) -> [SnippetResult.Failure] {
        snippet.declaredTests.compactMap { line in
            let location = SourceLocation(path: snippet.location.path, line: line, column: 1)
            guard let result = run.tests.first(where: { $0.line == line }) else {
                guard let stopper = run.testsStoppedBy else {
                    return .init(.testNotRun, location: location, message: "the test declared here did not run")
                }
                return .init(.testNotRun, location: location, message: "the test declared here did not run: test \(stopper) trapped "
                             + "first, and a trap ends every test of the program (Swift Testing runs them in one process)")
            }
            if let stop = result.stop {
                let place = stop.location.map { " (line \($0.line))" } ?? ""
                return .init(.testTrapped, location: location, message: "test \(result.name) trapped: \(stop.message)\(place)")
            }
            guard !result.issues.isEmpty else { return nil }
            let issues = result.issues.map { issue in issue.message + (issue.line.map { " (line \($0))" } ?? "") }
            return .init(.testFailed, location: location, message: "test \(result.name) failed: " + issues.joined(separator: "; "))
        }
    }
}
