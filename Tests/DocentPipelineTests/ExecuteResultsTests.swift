import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Reading the runtime's records, the compiler's errors and trap messages, and mapping them to snippets.
@Suite struct ExecuteResultsTests {
    private var article: ExecuteArticle {
        var article = ExecuteArticle()
        article.add("let a = 1\nprint(a)")           // lines 4-5
        article.add("var t = 0\nfor i in 1...3 { t += i }\nlet b = [1][a]") // lines 10-12
        article.add("print(\"later\")")              // line 17
        return article
    }

    private func results(_ settings: ExecutionSettings = ExecutionSettings()) -> ProgramResults {
        let snippets = article.snippets
        return ProgramResults(articlePath: "content/x.md", snippets: snippets,
                              program: .main(articlePath: "content/x.md", snippets: snippets), settings: settings)
    }

    @Test func recordsAreParsedAndAPartialLastLineIsSkipped() {
        let records = RuntimeRecords(parsing: """
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"value","line":4,"count":1,"text":"1"}
            {"kind":"snippet","index":1,"offset":2}
            {"kind":"value","line":11,"count":3,"text":"6"}
            {"kind":"value","line":11,"count":4,"text":"\\"quoted\\""}
            {"kind":"trap","lines":[12]}
            {"kind":"val
            """)
        #expect(records.boundaries == [0: 0, 1: 2])
        #expect(records.values[4] == SnippetResult.LineValue(line: 4, text: "1"))
        #expect(records.values[11] == SnippetResult.LineValue(line: 11, text: "\"quoted\"", count: 4))
        #expect(records.trapLines == [12])
        #expect(records.lastBoundary == 1)
        #expect(records.endOffset == nil)
    }

    @Test func compilerErrorsKeepTheirNotesAndDropWarnings() {
        let errors = CompilerOutput.errors(in: """
            content/x.md:11:9: warning: variable 'i' was never used
            content/x.md:12:5: error: cannot find 'c' in scope
            let b = c
                    ^
            content/x.md:4:5: note: did you mean 'a'?
            /tmp/docent-run-1/main.swift:1:8: error: no such module 'PlaygroundRuntime'
            """)
        #expect(errors.count == 2)
        #expect(errors[0] == CompilerOutput.Message(severity: .error, path: "content/x.md", line: 12, column: 5,
                                                    text: "cannot find 'c' in scope",
                                                    notes: ["content/x.md:4:5: did you mean 'a'?"]))
        #expect(errors[1].path == "/tmp/docent-run-1/main.swift")
    }

    @Test func trapMessagesAreFoundWithTheirLocation() {
        let stdlib = CompilerOutput.trap(in: "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range\nCurrent stack trace:\n0 x")
        #expect(stdlib == CompilerOutput.Trap(message: "Fatal error: Index out of range",
                                              path: "Swift/ContiguousArrayBuffer.swift", line: 692))
        let own = CompilerOutput.trap(in: "content/x.md:12: Precondition failed: too big\n")
        #expect(own == CompilerOutput.Trap(message: "Precondition failed: too big", path: "content/x.md", line: 12))
        #expect(CompilerOutput.trap(in: "Fatal error: boom") == CompilerOutput.Trap(message: "Fatal error: boom"))
        #expect(CompilerOutput.trap(in: "nothing here\n") == nil)
    }

    @Test func compileErrorsGoToTheSnippetHoldingTheirLine() {
        let errors = [CompilerOutput.Message(severity: .error, path: "content/x.md", line: 12, column: 9, text: "bad")]
        let runs = results().compileFailed(errors)
        #expect(runs[1]?.outcome == .compileFailed)
        #expect(runs[1]?.diagnostics == [.error(at: SourceLocation(path: "content/x.md", line: 12, column: 9), "bad")])
        #expect(runs[0]?.outcome == .compileFailed)
        #expect(runs[0]?.diagnostics.first?.severity == .note)
        #expect(runs[0]?.diagnostics.first?.message.contains("content/x.md:12:9") == true)
    }

    @Test func errorsOutsideTheArticleGoToTheFirstSnippet() {
        let errors = [CompilerOutput.Message(severity: .error, path: "__docent__", line: 100_000_000, column: 1, text: "odd")]
        let runs = results().compileFailed(errors)
        #expect(runs[0]?.diagnostics == [.error(at: SourceLocation(path: "content/x.md", line: 3), "odd")])
    }

    @Test func aTrapStopsItsSnippetAtTheTrappingLineAndLaterOnesAreNotReached() {
        let records = RuntimeRecords(parsing: """
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"value","line":4,"count":1,"text":"1"}
            {"kind":"snippet","index":1,"offset":2}
            {"kind":"value","line":10,"count":1,"text":"0"}
            {"kind":"value","line":11,"count":3,"text":"6"}
            {"kind":"trap","lines":[12]}
            """)
        let runs = results().ran(records: records, output: Data("1\n".utf8), termination: .signaled(4),
                                 standardError: "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range\n")
        #expect(runs[0] == SnippetRun(outcome: .completed, values: [.init(line: 4, text: "1")], output: "1\n"))
        #expect(runs[1]?.outcome == .trapped(message: "Fatal error: Index out of range"))
        #expect(runs[1]?.values == [.init(line: 10, text: "0"), .init(line: 11, text: "6", count: 3)])
        #expect(runs[1]?.diagnostics.map(\.location) == [SourceLocation(path: "content/x.md", line: 12)])
        #expect(runs[2] == SnippetRun(outcome: .notReached))
    }

    @Test func aTimeOutStopsTheRunningSnippet() {
        let records = RuntimeRecords(parsing: "{\"kind\":\"snippet\",\"index\":0,\"offset\":0}\n")
        let runs = results(ExecutionSettings(timeLimit: 2)).ran(records: records, output: Data(), termination: .timedOut,
                                                                 standardError: "")
        #expect(runs[0]?.outcome == .timedOut(seconds: 2))
        #expect(runs[0]?.diagnostics.first?.message.contains("2 s") == true)
        #expect(runs[1]?.outcome == .notReached)
    }

    @Test func outputIsSlicedAtBoundariesAndCutOnACharacterBoundary() {
        let records = RuntimeRecords(parsing: """
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"snippet","index":1,"offset":3}
            {"kind":"snippet","index":2,"offset":12}
            {"kind":"end","offset":18}
            """)
        let output = Data("ab\néééé\nlater\n".utf8) // "éééé\n" is 9 bytes
        let runs = results(ExecutionSettings(outputLimit: 5)).ran(records: records, output: output,
                                                                   termination: .exited(status: 0), standardError: "")
        #expect(runs[0]?.output == "ab\n")
        #expect(runs[1]?.output == "éé")
        #expect(runs[1]?.outputTruncated == true)
        #expect(runs[2]?.output == "later")
        #expect(runs[2]?.outputTruncated == true)
        #expect(runs[2]?.outcome == .completed)
    }

    @Test func theRuntimeStoppingAtTheOutputLimitLeavesLaterSnippetsNotReached() {
        let records = RuntimeRecords(parsing: """
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"truncated","index":0,"offset":20}
            """)
        let runs = results(ExecutionSettings(outputLimit: 10)).ran(records: records, output: Data(String(repeating: "x", count: 20).utf8),
                                                                    termination: .exited(status: 0), standardError: "")
        #expect(runs[0]?.outcome == .completed)
        #expect(runs[0]?.outputTruncated == true)
        #expect(runs[0]?.output.count == 10)
        #expect(runs[1]?.outcome == .notReached)
    }

    @Test func aNonZeroExitWithoutATrapIsReported() {
        let records = RuntimeRecords(parsing: "{\"kind\":\"snippet\",\"index\":0,\"offset\":0}\n{\"kind\":\"end\",\"offset\":0}\n")
        let runs = results().ran(records: records, output: Data(), termination: .exited(status: 3), standardError: "")
        #expect(runs[0]?.outcome == .trapped(message: "Program exited with status 3"))
    }

    @Test func moduleCacheBuildsAnEntryOnce() throws {
        let directory = FileManager().temporaryDirectory.appendingPathComponent("docent-cache-test-\(UUID().uuidString)").path
        defer { try? FileManager().removeItem(atPath: directory) }
        let cache = ModuleCache(directory: directory)
        var builds = 0
        let first = try cache.entry("thing", key: "k1") { folder in
            builds += 1
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        }
        let second = try cache.entry("thing", key: "k1") { _ in builds += 1 }
        #expect(first == second)
        #expect(builds == 1)
        #expect(FileManager().fileExists(atPath: first + "/file"))
    }
}
