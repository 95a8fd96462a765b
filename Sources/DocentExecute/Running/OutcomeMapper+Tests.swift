import DocentCore
import Foundation

/// Swift Testing's results mapped to the snippets that declare the tests, and how a test that never ended stopped.
extension OutcomeMapper {
    /// The results of the Swift Testing tests the snippet declares, at Markdown lines; an issue outside the article
    /// has no line. Swift Testing places a test at its `@Test` attribute's line in `main.swift` as compiled
    /// (`#sourceLocation` does not move it), and an issue where `#sourceLocation` says.
    /// The test that was running when the program stopped is among them, with how it stopped (``SnippetRun/Stop``).
    func tests(of snippet: Int, in program: ProgramPlan, records: RuntimeRecords,
               outcome: ProgramOutcome) -> [SnippetRun.TestResult] {
        guard !records.tests.isEmpty || !records.startedTests.isEmpty else { return [] }
        let numbers = Self.lineNumbers(of: program.source)
        var results: [SnippetRun.TestResult] = records.tests.compactMap { test in
            guard let markdownLine = testLine(test, of: snippet, numbers: numbers) else { return nil }
            let issues = test.issues.map { issue in
                let place = issue.line.flatMap { decode($0) }.flatMap { snippets[$0.0].markdownLine(ofCodeLine: $0.1) }
                return SnippetRun.Issue(message: issue.message, line: place, column: place == nil ? nil : issue.column)
            }
            return SnippetRun.TestResult(line: markdownLine, name: test.name, issues: issues)
        }
        if let unfinished = records.unfinishedTest, outcome.termination != .exited(status: 0),
           let markdownLine = testLine(unfinished, of: snippet, numbers: numbers) {
            results.append(SnippetRun.TestResult(line: markdownLine, name: unfinished.name, issues: [],
                                                 stop: testStop(outcome: outcome, records: records)))
        }
        return results
    }

    /// The Markdown line of a test's `@Test` attribute, if snippet `snippet` declares it.
    private func testLine(_ test: RuntimeRecords.Test, of snippet: Int, numbers: [Int]) -> Int? {
        guard numbers.indices.contains(test.line - 1), let (owner, line) = decode(numbers[test.line - 1]), owner == snippet
        else { return nil }
        return snippets[snippet].markdownLine(ofCodeLine: line)
    }

    /// How the test running at the end stopped the program: the trap's message, at the innermost statement of the
    /// article that was running (else where the message says).
    private func testStop(outcome: ProgramOutcome, records: RuntimeRecords) -> SnippetRun.Stop {
        let trap = CompilerOutput.trap(in: outcome.standardError)
        let message: String
        switch outcome.termination {
        case .timedOut: message = "the time limit ran out while it ran"
        case .signaled(let signal) where trap == nil: message = "Program crashed: \(String(cString: strsignal(signal))) (signal \(signal))"
        case .exited(let status) where trap == nil: message = "Program exited with status \(status)"
        default: message = trap?.message ?? "it stopped the program"
        }
        let sites = (records.trapSites ?? []).compactMap { site in decode(site.line).map { ($0.snippet, $0.line, site.column) } }
        if let innermost = sites.last {
            return .init(message: message, location: location(snippet: innermost.0, line: innermost.1, column: innermost.2))
        }
        if let line = trap?.line, let (snippet, codeLine) = decode(line) {
            return .init(message: message, location: location(snippet: snippet, line: codeLine, column: 1))
        }
        return .init(message: message, location: nil)
    }

    /// The test that stopped the program while its tests ran, as `name at line N`; nil when they all ended.
    func stoppingTest(in program: ProgramPlan, records: RuntimeRecords, outcome: ProgramOutcome) -> String? {
        guard let unfinished = records.unfinishedTest, outcome.termination != .exited(status: 0) else { return nil }
        let numbers = Self.lineNumbers(of: program.source)
        guard numbers.indices.contains(unfinished.line - 1), let (owner, _) = decode(numbers[unfinished.line - 1]),
              let line = testLine(unfinished, of: owner, numbers: numbers) else { return unfinished.name }
        return "\(unfinished.name) at line \(line)"
    }
}
