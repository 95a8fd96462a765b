import Foundation
import DocentCore
import DocentExecute

/// Judges what a snippet did against what its author expected: the verdict the page and `docent test` show.
///
/// ```swift
/// let result = ResultChecker().check(snippet, run)   // result.status == .passed, or failures say why not
/// ```
public struct ResultChecker: Sendable {
    public init() {}

    public func check(_ snippet: Snippet, _ run: SnippetRun) -> SnippetResult {
        var result = SnippetResult(status: .passed, values: run.values, output: run.output,
                                   outputTruncated: run.outputTruncated, diagnostics: run.diagnostics)
        if case .trapped = run.outcome { result.trapped = true }
        if run.outcome == .skipped, let reason = run.skipReason {
            // Docent left the whole article out (its catalog documents a target no other package can import).
            result.status = .ignored
            result.skipReason = reason
            return result
        }
        if !snippet.isCompiled {
            result.status = .ignored
            // A whole package manifest, type-checked against PackageDescription (``ManifestChecker``): verified, or failed.
            // A declaration listing checked against the package's API fails the same way when the package lacks a name.
            let checked = ManifestChecker.isCheckable(snippet) || (snippet.listing == .declarations && run.outcome == .compileFailed)
            if checked, snippet.mode != .ignore {
                if run.outcome == .completed { result.status = .passed }
                if run.outcome == .compileFailed, let first = run.diagnostics.first(where: { $0.severity == .error }) {
                    result.status = .failed
                    result.failures = [.init(.doesNotCheck, location: first.location ?? snippet.location,
                                                        message: "does not check: \(first.message)", restating: first)]
                }
            }
            return result
        }
        if !snippet.markedErrors.isEmpty, snippet.mode.readsErrorMarks {
            return checkMarked(snippet, run, result)
        }
        var failures: [SnippetResult.Failure] = []
        var metExpectedFailure = false
        switch (snippet.mode, run.outcome) {
        case (.ignore, _):
            break
        case (_, .skipped):
            // An editor placeholder: shown, never compiled, counted as skipped.
            result.status = .ignored
            return result
        case (_, .notReached):
            result.status = .notRun
            let why = run.diagnostics.first { $0.severity == .error }.map { " (\($0.message)\($0.notes.map { ": " + $0 }.joined()))" } ?? ""
            result.failures = [.init(.notRun, location: snippet.location, message: "never ran: the program stopped before this snippet" + why)]
            return result
        case (_, .timedOut(let seconds)):
            failures.append(.init(.timedOut, location: located(run, snippet), message: "timed out after \(OutcomeMapper.seconds(seconds))"))
        case (.compileFail(let expected), .compileFailed):
            // The error must be the snippet's own: its program also holds the article's earlier snippets.
            let lines = Set(snippet.lines.map(\.number))
            let own = run.diagnostics.filter { $0.severity == .error && $0.location.map { lines.contains($0.line) } == true }
            let messages = own.map(\.message)
            if own.isEmpty {
                let elsewhere = run.diagnostics.first { $0.severity == .error }?.location.map { " (first error at \($0))" } ?? ""
                failures.append(.init(.earlierSnippetsDoNotCompile, location: snippet.location,
                                      message: "cannot be checked: the article's earlier snippets do not compile\(elsewhere)",
                                      expected: "a compile error in this snippet",
                                      actual: run.diagnostics.first { $0.severity != .error }?.message ?? "errors only in other snippets"))
            } else if let expected, !messages.contains(where: { $0.contains(expected) }) {
                failures.append(.init(.compileErrorDiffers, location: located(run, snippet), message: "the compile error does not mention the expected text",
                                      expected: expected, actual: messages.joined(separator: "\n")))
            } else {
                metExpectedFailure = true
            }
        case (.compileFail, _):
            failures.append(.init(.compiledButMarkedCompileFail, location: snippet.location, message: "compiled, but it is marked compile-fail",
                                  expected: "a compile error", actual: "it compiled"))
        case (_, .compileFailed):
            // The runner explains a snippet that is fine but whose program broke elsewhere with a note.
            let error = run.diagnostics.first { $0.severity == .error }
            let message = error.map { "does not compile: \($0.message)" } ?? run.diagnostics.first?.message ?? "does not compile"
            failures.append(.init(.doesNotCompile, location: located(run, snippet), message: message, restating: error))
        case (.crash, .trapped):
            metExpectedFailure = true
            failures += checkExpectations(of: snippet, against: run)
        case (.crash, .completed):
            failures.append(.init(.ranButMarkedCrash, location: snippet.location, message: "ran to the end, but it is marked crash",
                                  expected: "a trap", actual: "no trap"))
        case (_, .trapped(let message)):
            let trap = run.diagnostics.last { ExecuteDiagnostics.ID.traps.contains($0.id) }
            failures.append(.init(.trapped, location: located(run, snippet), message: "trapped: \(message)", restating: trap))
        case (.noRun, .completed):
            break
        case (_, .completed) where snippet.mode.isCompiledNotRun:
            // Compiled as it must be; Docent cannot run it as written (no arguments, elided code, members only).
            result.status = .compiledNotRun
            return result
        case (_, .completed):
            failures += checkExpectations(of: snippet, against: run)
        }
        result.failures = failures
        result.status = !failures.isEmpty ? .failed : metExpectedFailure ? .expectedFailure : .passed
        return result
    }

    /// A snippet with lines its comments mark as errors (`// Error`, `// this triggers a runtime error`): it passes
    /// as an expected failure when its compile errors, or its trap, are all on marked lines and every marked line it
    /// reached failed; it fails when a marked line compiled and ran, or when an error is on a line no comment marks.
    /// Compile errors on marked lines come either with the snippet left out (`compileFailed`) or, when the planner
    /// could take those lines out and run the rest, with a completed run that carries them.
    private func checkMarked(_ snippet: Snippet, _ run: SnippetRun, _ initial: SnippetResult) -> SnippetResult {
        var result = initial
        let marked = Set(snippet.markedErrors.map(\.line))
        let lines = Set(snippet.lines.map(\.number))
        let errors = run.diagnostics.filter { $0.severity == .error && $0.location.map { lines.contains($0.line) } == true }
        let unmarked = errors.filter { !marked.contains($0.location?.line ?? 0) }
        var failures: [SnippetResult.Failure] = []
        var reachedUpTo = Int.max
        switch run.outcome {
        case .compileFailed where errors.isEmpty, .notReached, .skipped, .timedOut:
            return check(snippetWithoutMarks(snippet), run)
        case .trapped(let message):
            let line = errors.last?.location?.line ?? snippet.location.line
            reachedUpTo = line
            if !marked.contains(line) {
                failures.append(.init(.trappedOnUnmarkedLine, location: errors.last?.location ?? snippet.location,
                                      message: "trapped: \(message) (on a line no comment marks as an error)"))
            }
            failures += checkExpectations(of: snippet, against: run)
        case .compileFailed, .completed:
            if let first = unmarked.first {
                failures.append(.init(.doesNotCompileOnUnmarkedLine, location: first.location ?? snippet.location,
                                      message: "does not compile: \(first.message) (on a line no comment marks as an error)"))
            } else if run.outcome == .completed {
                failures += checkExpectations(of: snippet, against: run)
            }
        }
        let failedLines = Set(errors.compactMap { $0.location?.line })
        for mark in snippet.markedErrors where !failedLines.contains(mark.line) && mark.line < reachedUpTo
            && run.outcome != .compileFailed {
            failures.append(.init(.markedErrorDidNotFail, location: SourceLocation(path: snippet.location.path, line: mark.commentLine, column: mark.column),
                                  message: "its comment says line \(mark.line) is an error, but it "
                                      + (snippet.mode.runs ? "ran" : "compiled"),
                                  expected: mark.text, actual: "no error"))
        }
        result.failures = failures
        result.status = failures.isEmpty ? .expectedFailure : .failed
        return result
    }

    private func snippetWithoutMarks(_ snippet: Snippet) -> Snippet {
        var plain = snippet
        plain.markedErrors = []
        return plain
    }

    /// Compares printed output and `// =>` values with the author's expectations.
    func checkExpectations(of snippet: Snippet, against run: SnippetRun) -> [SnippetResult.Failure] {
        var failures: [SnippetResult.Failure] = []
        if let expected = snippet.expectedOutput {
            let want = Self.trimmingTrailingNewlines(expected.text)
            let got = Self.trimmingTrailingNewlines(run.output)
            if run.outputTruncated {
                failures.append(.init(.outputTruncated, location: expected.location, message: "output was truncated at the output limit",
                                      expected: want, actual: got))
            } else if want != got {
                failures.append(.init(.outputDiffers, location: expected.location, message: "output differs from the expected output",
                                      expected: want, actual: got))
            }
        }
        failures += PrintsCheck(snippet).failures(output: run.output, truncated: run.outputTruncated)
        failures += checkTests(of: snippet, against: run)
        for value in snippet.expectedValues {
            let location = SourceLocation(path: snippet.location.path, line: value.line, column: value.column)
            let want = value.text.trimmingCharacters(in: .whitespaces)
            // A line's value is its leftmost place's (`let doubled = xs.map { … }`: `doubled`, not the closure's),
            // the last value when the line ran more than once.
            guard let produced = run.values.filter({ $0.line == value.line }).min(by: { $0.column < $1.column }) else {
                failures.append(.init(.noValue, location: location, message: "the line produced no value", expected: want, actual: nil))
                continue
            }
            let got = produced.full.trimmingCharacters(in: .whitespaces)
            if want != got {
                failures.append(.init(.valueDiffers, location: location, message: "value differs from the expected value",
                                      expected: want, actual: got))
            }
        }
        return failures
    }

    /// The first located diagnostic of the run (compile error, trap, time-out), or the snippet's fence.
    private func located(_ run: SnippetRun, _ snippet: Snippet) -> SourceLocation {
        run.diagnostics.first { $0.severity == .error && $0.location != nil }?.location
            ?? run.diagnostics.first { $0.location != nil }?.location
            ?? snippet.location
    }

    static func trimmingTrailingNewlines(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last == "\n" || last == "\r" || last == "\r\n" { text = text.dropLast() }
        return String(text)
    }
}
