import DocentCore
import Testing
import DocentExecute
@testable import DocentPipeline

@Suite("ResultChecker: verdicts on what a snippet did")
struct ResultCheckerTests {
    let path = "content/x.md"

    func snippet(_ mode: Snippet.Mode = .shared, output: String? = nil, values: [Snippet.ExpectedValue] = []) -> Snippet {
        Snippet(location: SourceLocation(path: path, line: 5), nodeID: 1, mode: mode,
                lines: [.init(number: 6, code: "print(1)", isHidden: false)],
                expectedOutput: output.map { .init(text: $0, location: SourceLocation(path: path, line: 9), nodeID: 2,
                                                   firstLine: 10, lastLine: 10) },
                expectedValues: values)
    }

    func check(_ snippet: Snippet, _ run: SnippetRun) -> SnippetResult { ResultChecker().check(snippet, run) }

    @Test("output matches after trailing newlines are trimmed")
    func outputPasses() {
        let result = check(snippet(output: "1\n2"), SnippetRun(outcome: .completed, output: "1\n2\n\n"))
        #expect(result.status == .passed)
        #expect(result.failures.isEmpty)
    }

    @Test("different output fails at the output block, with expected and actual")
    func outputFails() {
        let result = check(snippet(output: "1\n2"), SnippetRun(outcome: .completed, output: "1\n3\n"))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.kind) == [.outputDiffers])
        #expect(result.failures.map(\.location) == [SourceLocation(path: path, line: 9)])
        #expect(result.failures.first?.expected == "1\n2" && result.failures.first?.actual == "1\n3")
    }

    @Test("leading and inner whitespace of output counts")
    func outputWhitespace() {
        #expect(check(snippet(output: " 1"), SnippetRun(outcome: .completed, output: "1\n")).status == .failed)
    }

    @Test("a truncated output never passes an output check, even when its start matches")
    func truncated() {
        let result = check(snippet(output: "yes"), SnippetRun(outcome: .completed, output: "yes", outputTruncated: true))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.kind) == [.outputTruncated])
        #expect(result.failures.map(\.location) == [SourceLocation(path: path, line: 9)])
    }

    @Test("`// =>` values are compared trimmed with the line's last value")
    func values() {
        let expected = [Snippet.ExpectedValue(line: 6, text: "\"a\"", column: 20), .init(line: 7, text: "3", column: 20),
                        .init(line: 8, text: "1", column: 20)]
        let run = SnippetRun(outcome: .completed, values: [.init(line: 6, text: " \"a\" "), .init(line: 7, text: "4", count: 3)])
        let result = check(snippet(values: expected), run)
        #expect(result.status == .failed)
        // The wording, once, as a golden: other tests assert kinds.
        #expect(result.failures == [
            .init(.valueDiffers, location: SourceLocation(path: path, line: 7, column: 20), message: "value differs from the expected value",
                  expected: "3", actual: "4"),
            .init(.noValue, location: SourceLocation(path: path, line: 8, column: 20), message: "the line produced no value",
                  expected: "1", actual: nil),
        ])
    }

    @Test("a compile error in a normal snippet fails at the compiler's location")
    func compileError() {
        let error = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: path, line: 6, column: 7), "cannot find 'y' in scope")
        let result = check(snippet(), SnippetRun(outcome: .compileFailed, diagnostics: [error]))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.location.description) == ["content/x.md:6:7"])
        #expect(result.failures.map(\.kind) == [.doesNotCompile])
        #expect(result.failures.first?.restating == error)
        #expect(result.failures.first?.message == "does not compile: cannot find 'y' in scope")
        #expect(result.diagnostics == [error])
    }

    @Test("a trap in a normal snippet fails at the trapping line")
    func trap() {
        let trap = Diagnostic.error(ExecuteDiagnostics.ID.trap, at: SourceLocation(path: path, line: 6), "Fatal error: Index out of range")
        let result = check(snippet(), SnippetRun(outcome: .trapped(message: "Fatal error: Index out of range"), diagnostics: [trap]))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.location.description) == ["content/x.md:6:1"])
        #expect(result.failures.map(\.kind) == [.trapped])
        #expect(result.failures.first?.restating == trap)
    }

    @Test("a time-out fails")
    func timeOut() {
        let result = check(snippet(), SnippetRun(outcome: .timedOut(seconds: 10)))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.kind) == [.timedOut])
        #expect(result.failures.map(\.location) == [SourceLocation(path: path, line: 5)])
    }

    @Test("compile-fail: must not compile, and must mention its text when given")
    func compileFail() {
        let error = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: path, line: 6), "cannot convert value of type 'String' to 'Int'")
        #expect(check(snippet(.compileFail(message: nil)), SnippetRun(outcome: .compileFailed, diagnostics: [error])).status == .expectedFailure)
        #expect(check(snippet(.compileFail(message: "cannot convert")), SnippetRun(outcome: .compileFailed, diagnostics: [error])).status == .expectedFailure)
        let wrongText = check(snippet(.compileFail(message: "ambiguous")), SnippetRun(outcome: .compileFailed, diagnostics: [error]))
        #expect(wrongText.status == .failed)
        #expect(wrongText.failures.map(\.kind) == [.compileErrorDiffers])
        #expect(wrongText.failures.first?.expected == "ambiguous")
        let compiled = check(snippet(.compileFail(message: nil)), SnippetRun(outcome: .completed))
        #expect(compiled.status == .failed)
        #expect(compiled.failures.map(\.kind) == [.compiledButMarkedCompileFail])
        #expect(compiled.failures.map(\.location) == [SourceLocation(path: path, line: 5)])
    }

    @Test("compile-fail: an error in an earlier snippet does not count as this snippet's")
    func compileFailElsewhere() {
        let earlier = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: path, line: 2, column: 14), "cannot convert value")
        let result = check(snippet(.compileFail(message: nil)), SnippetRun(outcome: .compileFailed, diagnostics: [earlier]))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.kind) == [.earlierSnippetsDoNotCompile])
        #expect(result.failures.first?.message
                == "cannot be checked: the article's earlier snippets do not compile (first error at content/x.md:2:14)")
    }

    @Test("crash: must trap; running to the end fails")
    func crash() {
        #expect(check(snippet(.crash), SnippetRun(outcome: .trapped(message: "Fatal error"))).status == .expectedFailure)
        let result = check(snippet(.crash), SnippetRun(outcome: .completed))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.kind) == [.ranButMarkedCrash])
        #expect(result.failures.map(\.location) == [SourceLocation(path: path, line: 5)])
    }

    @Test("no-run passes when it compiles; ignore is ignored; an unreached snippet is not run")
    func otherModes() {
        #expect(check(snippet(.noRun), SnippetRun(outcome: .completed)).status == .passed)
        #expect(check(snippet(.ignore, output: "whatever"), SnippetRun(outcome: .skipped)).status == .ignored)
        let unreached = check(snippet(), SnippetRun(outcome: .notReached))
        #expect(unreached.status == .notRun)
        #expect(unreached.failures.map(\.kind) == [.notRun])
        #expect(CheckedSnippet(snippet: snippet(), result: unreached).failed)
    }

    @Test("build and serve report each failure under an ID named after its kind, at its place; a compile error once, as the compiler's")
    func failureDiagnostics() {
        let output = CheckedSnippet(snippet: snippet(output: "1"), result: check(snippet(output: "1"), SnippetRun(outcome: .completed, output: "2")))
        #expect(output.failureDiagnostics.map(\.id) == [DiagnosticID("check.failure.output-differs")])
        #expect(output.failureDiagnostics.map(\.location) == [SourceLocation(path: path, line: 9)])
        let error = Diagnostic.error(DiagnosticID("compiler.error"), at: SourceLocation(path: path, line: 6, column: 7), "cannot find 'y' in scope")
        let broken = CheckedSnippet(snippet: snippet(), result: check(snippet(), SnippetRun(outcome: .compileFailed, diagnostics: [error])))
        #expect(broken.failureDiagnostics.map(\.id) == [DiagnosticID("compiler.error")])
        #expect(broken.failureDiagnostics.map(\.location) == [error.location])
    }

    @Test("hidden and isolated snippets are checked like shared ones")
    func hiddenAndIsolated() {
        #expect(check(snippet(.hidden, output: "1"), SnippetRun(outcome: .completed, output: "2")).status == .failed)
        #expect(check(snippet(.isolated, output: "1"), SnippetRun(outcome: .completed, output: "1")).status == .passed)
    }
}
