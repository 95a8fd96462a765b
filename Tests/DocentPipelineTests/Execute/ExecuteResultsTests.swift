import DocentCore
import Foundation
import Testing
@testable import DocentExecute
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

    private func mapper(_ settings: ExecutionSettings = ExecutionSettings()) -> OutcomeMapper {
        OutcomeMapper(articlePath: "content/x.md", snippets: article.snippets, settings: settings)
    }

    /// A program holding the three snippets, all targets.
    private let program = ProgramPlan(name: "shared0", kind: .shared(segment: 0), source: "", blocks: [0, 1, 2].map {
        ProgramPlan.Block(snippet: $0, isTarget: true)
    }, runs: true, swiftVersion: 5, hiddenSites: [])

    /// Program line `line` of snippet `snippet`.
    private func at(_ snippet: Int, _ line: Int) -> Int { ProgramLines.encode(snippet: snippet, line: line) }

    private func ran(_ records: String, output: String = "", termination: ProcessOutcome.Termination = .exited(status: 0),
                     standardError: String = "", settings: ExecutionSettings = ExecutionSettings()) -> [Int: SnippetRun] {
        mapper(settings).ran(program, outcome: ProgramOutcome(termination: termination, output: Data(output.utf8), records: records,
                                                              standardError: standardError),
                             timeLimit: settings.timeLimit)
    }

    @Test func aProgramThatNeverReachedItsFirstSnippetSaysWhyThereAndNowhereElse() {
        let runs = ran("", termination: .exited(status: 127),
                       standardError: "bwrap: Can't mount tmpfs on /newroot/tmp: No space left on device\n")
        #expect(runs.values.allSatisfy { $0.outcome == .notReached })
        #expect(runs[0]?.diagnostics == [.error(ExecuteDiagnostics.ID.stoppedBefore, at: article.snippets[0].location, "it exited with status 127 before reaching it",
                                                notes: ["bwrap: Can't mount tmpfs on /newroot/tmp: No space left on device"])])
        #expect(runs[1]?.diagnostics == [] && runs[2]?.diagnostics == [])
        let checked = ResultChecker().check(article.snippets[0], runs[0]!)
        #expect(checked.failures.map(\.kind) == [.notRun])
        #expect(checked.failures.map(\.message) == ["never ran: the program stopped before this snippet (it exited with status 127 "
                                                     + "before reaching it: bwrap: Can't mount tmpfs on /newroot/tmp: No space left on device)"])
    }

    @Test func aRunStoppedAtTheWallClockCeilingSaysSoAndNotThatItsLimitRanOut() {
        var outcome = ProgramOutcome(termination: .timedOut, records: "{\"kind\":\"snippet\",\"index\":0,\"offset\":0}\n")
        outcome.stoppedAtCeiling = 100
        let runs = mapper().ran(program, outcome: outcome, timeLimit: 10)
        #expect(runs[0]?.outcome == .timedOut(seconds: 10))
        #expect(runs[0]?.diagnostics.map(\.id) == [ExecuteDiagnostics.ID.timeOutBusy])
        #expect(runs[0]?.diagnostics.map(\.message) == ["timed out: stopped after 100 s on the wall clock while this snippet was "
                                                        + "running, before it had had its own 10 s: the machine was too busy"])
    }

    @Test func recordsAreParsedAndAPartialLastLineIsSkipped() {
        let records = RuntimeRecords(parsing: """
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"value","line":100001,"column":5,"snippet":0,"count":1,"text":"1"}
            {"kind":"snippet","index":1,"offset":2}
            {"kind":"value","line":200002,"column":18,"snippet":1,"count":1,"text":"1"}
            {"kind":"value","line":200002,"column":18,"snippet":1,"count":2,"text":"3"}
            {"kind":"value","line":200002,"column":18,"snippet":1,"count":3,"text":"\\"quoted\\"","full":"\\"quoted, and longer\\"","cut":true}
            {"kind":"trap","signal":4,"sites":[[200003,1],[200003,9]]}
            {"kind":"val
            """)
        #expect(records.boundaries == [0: 0, 1: 2])
        #expect(records.sites[ProgramSite(line: 100001, column: 5)]?.count == 1)
        let repeated = records.sites[ProgramSite(line: 200002, column: 18)]
        #expect(repeated?.count == 3)
        #expect(repeated?.histories[1]?.values.first == RuntimeRecords.Value(ordinal: 1, text: "1", full: "1", isCut: false))
        #expect(repeated?.last == RuntimeRecords.Value(ordinal: 3, text: "\"quoted\"", full: "\"quoted, and longer\"", isCut: true))
        #expect(records.trapSites == [ProgramSite(line: 200003, column: 1), ProgramSite(line: 200003, column: 9)])
        #expect(records.lastBoundary == 1)
        #expect(records.endOffset == nil)
    }

    @Test func wholeAndDamagedRecordFilesReadTheSameRecords() {
        let whole = """
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"value","line":100001,"column":5,"snippet":0,"count":1,"text":"1"}
            {"kind":"value","line":100001,"column":5,"snippet":0,"count":2,"text":"2, \\"and\\" more\\n"}
            {"kind":"end","offset":7}
            """
        let records = RuntimeRecords(parsing: whole)
        #expect(records.sites[ProgramSite(line: 100001, column: 5)]?.last?.text == "2, \"and\" more\n")
        #expect(records.endOffset == 7)
        // A line that is JSON but no record, or half a record, is skipped and the rest still read.
        for damage in ["3", "[]", "{\"kind\":", "{\"kind\":\"value\",\"text\":\"x"] {
            let lines = whole.split(separator: "\n").map(String.init)
            let damaged = RuntimeRecords(parsing: ([lines[0], damage] + lines.dropFirst()).joined(separator: "\n"))
            #expect(damaged == records, "with the line \(damage)")
        }
    }

    @Test func programLinesRoundTripThroughSnippets() {
        #expect(ProgramLines.encode(snippet: 0, line: 1) == 100_001)
        #expect(ProgramLines.decode(300_042)! == (2, 42))
        #expect(ProgramLines.decode(7) == nil, "Docent's own lines belong to no snippet")
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
                                                    notes: [CompilerOutput.Note(path: "content/x.md", line: 4, column: 5,
                                                                                text: "did you mean 'a'?")]))
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

    @Test func compileErrorsGoToTheSnippetHoldingTheirLineWithNotesMapped() {
        let errors = [CompilerOutput.Message(severity: .error, path: "content/x.md", line: at(1, 3), column: 9, text: "bad",
                                             notes: [CompilerOutput.Note(path: "content/x.md", line: at(0, 1), column: 5, text: "here")]),
                      CompilerOutput.Message(severity: .error, path: "__docent__", line: 1, column: 1, text: "odd"),
                      CompilerOutput.Message(severity: .error, path: "content/_support/A.swift", line: 2, column: 3, text: "far")]
        let attribution = mapper().attribute(errors)
        #expect(attribution.bySnippet[1] == [.error(ExecuteDiagnostics.ID.compilerError, at: SourceLocation(path: "content/x.md", line: 12, column: 9), "bad",
                                                    notes: ["content/x.md:4:5: here"])])
        #expect(attribution.bySnippet[0] == nil)
        #expect(attribution.generated.map(\.message) == ["odd"])
        #expect((attribution.generated + attribution.elsewhere).map(\.id) == [ExecuteDiagnostics.ID.compilerError, ExecuteDiagnostics.ID.compilerError])
        #expect(attribution.elsewhere.map(\.location) == [SourceLocation(path: "content/_support/A.swift", line: 2, column: 3)])
    }

    @Test func aTrapStopsItsSnippetAtTheTrappingLineAndLaterOnesAreNotReached() {
        let runs = ran("""
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"value","line":\(at(0, 1)),"column":5,"snippet":0,"count":1,"text":"1"}
            {"kind":"snippet","index":1,"offset":2}
            {"kind":"value","line":\(at(1, 1)),"column":5,"snippet":1,"count":1,"text":"0"}
            {"kind":"value","line":\(at(1, 2)),"column":18,"snippet":1,"count":3,"text":"6"}
            {"kind":"value","line":\(at(1, 2)),"column":18,"snippet":1,"count":1,"text":"1"}
            {"kind":"trap","signal":4,"sites":[[\(at(1, 3)),1]]}
            """, output: "1\n", termination: .signaled(4),
                       standardError: "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range\n")
        #expect(runs[0] == SnippetRun(outcome: .completed, values: [.init(line: 4, column: 5, text: "1",
                                                                          history: [.init(ordinal: 1, text: "1")])],
                                      output: "1\n"))
        #expect(runs[1]?.outcome == .trapped(message: "Fatal error: Index out of range"))
        #expect(runs[1]?.values == [.init(line: 10, column: 5, text: "0", history: [.init(ordinal: 1, text: "0")]),
                                    .init(line: 11, column: 18, text: "6", count: 3,
                                          history: [.init(ordinal: 1, text: "1"), .init(ordinal: 3, text: "6")])])
        #expect(runs[1]?.diagnostics.map(\.location) == [SourceLocation(path: "content/x.md", line: 12)])
        #expect(runs[2] == SnippetRun(outcome: .notReached))
    }

    @Test func aPlacesCountAndValueAreItsOwnSnippetsAndOtherSnippetsCallsAreKeptApart() {
        // Snippet 0's line 1 is a function body: called twice by snippet 0, then 38 times by snippet 2 (boundary 2).
        // Snippet 1's line 1 is only reached from snippet 2.
        let runs = ran("""
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"value","line":\(at(0, 1)),"column":5,"snippet":0,"count":1,"text":"\\"Hi\\""}
            {"kind":"value","line":\(at(0, 1)),"column":5,"snippet":0,"count":2,"text":"\\"Ho\\""}
            {"kind":"snippet","index":1,"offset":0}
            {"kind":"snippet","index":2,"offset":0}
            {"kind":"value","line":\(at(0, 1)),"column":5,"snippet":2,"count":1,"text":"\\"Hello\\""}
            {"kind":"value","line":\(at(1, 1)),"column":5,"snippet":2,"count":1,"text":"7"}
            {"kind":"value","line":\(at(0, 1)),"column":5,"snippet":2,"count":38,"text":"\\"Bye, \\""}
            {"kind":"end","offset":0}
            """)
        #expect(runs[0]?.values == [
            .init(line: 4, column: 5, text: "\"Ho\"", count: 2,
                  history: [.init(ordinal: 1, text: "\"Hi\""), .init(ordinal: 2, text: "\"Ho\"")],
                  elsewhere: [.init(snippet: 2, count: 38, values: [.init(ordinal: 1, text: "\"Hello\""),
                                                                    .init(ordinal: 38, text: "\"Bye, \"")])]),
        ])
        // Only a later snippet reached it: no count of its own, the later value for a `// =>` check, and where from.
        let onlyLater = runs[1]?.values.first
        #expect(onlyLater == .init(line: 10, column: 5, text: "7", count: 0,
                                   elsewhere: [.init(snippet: 2, count: 1, values: [.init(ordinal: 1, text: "7")])]))
        #expect(onlyLater?.isOnlyElsewhere == true)
        #expect(runs[2]?.values == [])
    }

    @Test func aLongHistoryKeepsItsFirstValuesAndOnlyTheLatestLast() {
        let first = (1...19).map { #"{"kind":"value","line":\#(at(1, 2)),"column":18,"snippet":1,"count":\#($0),"text":"\#($0 - 1)"}"# }
        let flushed = [500, 1000].map { #"{"kind":"value","line":\#(at(1, 2)),"column":18,"snippet":1,"count":\#($0),"text":"\#($0 - 1)"}"# }
        let runs = ran((["{\"kind\":\"snippet\",\"index\":0,\"offset\":0}", "{\"kind\":\"snippet\",\"index\":1,\"offset\":0}"]
                        + first + flushed + ["{\"kind\":\"end\",\"offset\":0}"]).joined(separator: "\n"))
        let loop = runs[1]?.values.first
        #expect(loop?.count == 1000)
        #expect(loop?.text == "999")
        #expect(loop?.history.map(\.ordinal) == Array(1...19) + [1000])
        #expect(loop?.history.map(\.text) == (0...18).map { "\($0)" } + ["999"])
        #expect(loop?.elsewhere == [])
    }

    @Test func aTimeOutStopsTheRunningSnippet() {
        let runs = ran("{\"kind\":\"snippet\",\"index\":0,\"offset\":0}\n", termination: .timedOut,
                       settings: ExecutionSettings(timeLimit: 2))
        #expect(runs[0]?.outcome == .timedOut(seconds: 2))
        #expect(runs[0]?.diagnostics.map(\.id) == [ExecuteDiagnostics.ID.timeOut])
        #expect(runs[0]?.diagnostics.first?.message.contains("2 s") == true)
        #expect(runs[0]?.diagnostics.first?.notes == [])
        #expect(runs[1]?.outcome == .notReached)
    }

    @Test func aTimeOutUnderAFrozenClockSaysThatAWaitUntilADateNeverEnds() {
        let runs = ran("{\"kind\":\"snippet\",\"index\":0,\"offset\":0}\n", termination: .timedOut,
                       settings: ExecutionSettings(now: Date(timeIntervalSince1970: 1_422_505_740), timeLimit: 2))
        #expect(runs[0]?.outcome == .timedOut(seconds: 2))
        #expect(runs[0]?.diagnostics.first?.notes.first?.hasPrefix("this article sets `now`, so its clock is frozen") == true)
    }

    @Test func outputIsSlicedAtBoundariesAndCutOnACharacterBoundary() {
        let runs = ran("""
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"snippet","index":1,"offset":3}
            {"kind":"snippet","index":2,"offset":12}
            {"kind":"end","offset":18}
            """, output: "ab\néééé\nlater\n", settings: ExecutionSettings(outputLimit: 5)) // "éééé\n" is 9 bytes
        #expect(runs[0]?.output == "ab\n")
        #expect(runs[1]?.output == "éé")
        #expect(runs[1]?.outputTruncated == true)
        #expect(runs[2]?.output == "later")
        #expect(runs[2]?.outputTruncated == true)
        #expect(runs[2]?.outcome == .completed)
    }

    @Test func theRuntimeStoppingAtTheOutputLimitLeavesLaterSnippetsNotReached() {
        let runs = ran("""
            {"kind":"snippet","index":0,"offset":0}
            {"kind":"truncated","index":0,"offset":20}
            """, output: String(repeating: "x", count: 20), settings: ExecutionSettings(outputLimit: 10))
        #expect(runs[0]?.outcome == .completed)
        #expect(runs[0]?.outputTruncated == true)
        #expect(runs[0]?.output.count == 10)
        #expect(runs[1]?.outcome == .notReached)
    }

    @Test func aNonZeroExitWithoutATrapIsReported() {
        let runs = ran("{\"kind\":\"snippet\",\"index\":0,\"offset\":0}\n{\"kind\":\"end\",\"offset\":0}\n",
                       termination: .exited(status: 3), standardError: "Error: Missing expected argument '<count>'\n")
        #expect(runs[0]?.outcome == .trapped(message: "Program exited with status 3"))
        // What the program wrote to standard error last says why (an ArgumentParser command run without arguments).
        #expect(runs[0]?.diagnostics.first?.notes == ["Error: Missing expected argument '<count>'"])
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

    @Test func aDamagedCacheEntryIsBuiltAgain() throws {
        let directory = FileManager().temporaryDirectory.appendingPathComponent("docent-cache-test-\(UUID().uuidString)").path
        defer { try? FileManager().removeItem(atPath: directory) }
        let cache = ModuleCache(directory: directory)
        var builds = 0
        let build: (String) throws -> Void = { folder in
            builds += 1
            try Data("library".utf8).write(to: URL(fileURLWithPath: folder + "/libX.a"))
        }
        let entry = try cache.entry("runtime", key: "k", build: build)
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: entry + "/libX.a"))
        _ = try cache.entry("runtime", key: "k", build: build)
        #expect(builds == 2)
        #expect(try String(contentsOfFile: entry + "/libX.a", encoding: .utf8) == "library")
        try FileManager().removeItem(atPath: entry + "/libX.a")
        _ = try cache.entry("runtime", key: "k", build: build)
        #expect(builds == 3, "a deleted file is damage too")
        _ = try cache.entry("runtime", key: "k", build: build)
        #expect(builds == 3, "a sound entry is used as it is")
    }

    @Test func entriesOfOtherToolchainsArePruned() throws {
        let directory = FileManager().temporaryDirectory.appendingPathComponent("docent-cache-test-\(UUID().uuidString)").path
        defer { try? FileManager().removeItem(atPath: directory) }
        let cache = ModuleCache(directory: directory)
        func entry(_ key: String, toolchain: String) throws -> String {
            try cache.entry("runtime", key: key) { folder in
                try Data(toolchain.utf8).write(to: URL(fileURLWithPath: folder + "/" + ModuleCache.toolchainFile))
            }
        }
        let old = try entry("a", toolchain: "Swift 6.2")
        let sibling = try entry("b", toolchain: "Swift 6.3")
        let current = try entry("c", toolchain: "Swift 6.3")
        cache.prune("runtime", keeping: current, toolchain: "Swift 6.3")
        #expect(!FileManager().fileExists(atPath: old))
        #expect(FileManager().fileExists(atPath: sibling), "same toolchain: another docent may use it")
        #expect(FileManager().fileExists(atPath: current))
    }
}
