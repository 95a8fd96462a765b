import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Compiles and runs real articles: values, output, compile errors, traps, limits, the frozen clock and the
/// snippets that get programs of their own.
@Suite(.tags(.compiler)) struct ExecuteCompilerTests {
    private let runner = executeTestRunner()

    @Test func valuesAndOutputGoToTheirLinesAndSnippets() throws {
        var article = ExecuteArticle()
        article.add("""
            import Foundation
            let count = 5
            var total = 0
            for i in 1...3 { total += i }
            let doubled = [1, 2].map { $0 * 2 }
            print("first")
            """)
        article.add(.hidden, "print(\"second\")\nlet title = \"Jan 09, 2007\"")
        article.add("""
            let day = Date(timeIntervalSince1970: 1_423_872_000)
            final class Box {}
            let box = Box()
            let missing: Int? = nil
            func twice(_ x: Int) -> Int { x * 2 }
            twice(21)
            let queue = DispatchQueue(label: "q")
            func apply(_ x: Int, _ transform: (Int) -> Int) -> Int { transform(x) }
            apply(4) { $0 + 1 }
            """)
        let runs = try runner.run(article, settings: ExecutionSettings())
        #expect(runs.map(\.outcome) == [.completed, .completed, .completed])
        #expect(runs.map(\.output) == ["first\n", "second\n", ""])
        func value(_ text: String) -> SnippetResult.LineValue? {
            runs.flatMap(\.values).first { $0.line == article.line(of: text) }
        }
        #expect(value("let count")?.text == "5")
        #expect(value("for i")?.text == "6")
        #expect(value("for i")?.count == 3)
        #expect(value("let doubled")?.text == "[2, 4]")
        #expect(value("let doubled")?.count == 1)
        #expect(value("let title")?.text == "\"Jan 09, 2007\"")
        #expect(value("let day")?.text == "Feb 14, 2015 at 12:00 AM")
        #expect(value("let box")?.text == "Box")
        #expect(value("let missing")?.text == "nil")
        #expect(value("twice(21)")?.text == "42")
        #expect(value("let queue")?.text == "DispatchQueue")
        #expect(value("apply(4)")?.text == "5", "a function taking a non-escaping closure compiles and runs")
        #expect(value("print(") == nil)
    }

    @Test func aCompileErrorIsLocatedAtItsMarkdownLineAndTheOtherSnippetsStillRun() throws {
        var article = ExecuteArticle()
        article.add("let fine = 1")
        article.add("let wrong: Int = \"text\"")
        let runs = try runner.run(article, settings: ExecutionSettings())
        #expect(runs.map(\.outcome) == [.completed, .compileFailed])
        let error = runs[1].diagnostics.first
        #expect(error?.location == SourceLocation(path: "content/x.md", line: article.line(of: "wrong"), column: 18))
        #expect(error?.description.hasPrefix("content/x.md:9:18: error: cannot convert value of type 'String'") == true)
    }

    @Test func withAfterTrapStopATrapIsLocatedAtItsMarkdownLineAndStopsTheProgram() throws {
        var article = ExecuteArticle()
        article.add("let numbers = [1, 2, 3]\nprint(numbers.count)")
        article.add("let first = numbers[0]\nlet tenth = numbers[10]\nprint(\"unreachable\")")
        article.add("print(\"later\")")
        var settings = ExecutionSettings()
        settings.afterTrap = .stop
        let runs = try runner.run(article, settings: settings)
        #expect(runs[0].outcome == .completed)
        #expect(runs[0].output == "3\n")
        #expect(runs[1].outcome == .trapped(message: "Fatal error: Index out of range"))
        #expect(runs[1].values.map(\.text) == ["1"])
        #expect(runs[1].diagnostics.map(\.location) == [SourceLocation(path: "content/x.md", line: article.line(of: "tenth"))])
        #expect(runs[2].outcome == .notReached)
    }

    @Test func anEndlessLoopTimesOutWithinTheLimit() throws {
        var article = ExecuteArticle()
        article.add("print(\"before\")")
        article.add("while true {}")
        article.add("print(\"after\")")
        let started = Date()
        let runs = try runner.run(article, settings: ExecutionSettings(timeLimit: 1.5))
        #expect(Date().timeIntervalSince(started) < 1.5 + 20) // the compile, on a busy machine, and the limit
        #expect(runs.map(\.outcome) == [.completed, .timedOut(seconds: 1.5), .notReached])
        #expect(runs[0].output == "before\n")
    }

    @Test func printingForeverIsTruncatedAndFinishes() throws {
        var article = ExecuteArticle()
        article.add("var n = 0\nwhile true { n += 1; print(\"line \\(n)\") }")
        article.add("print(\"after\")")
        let runs = try runner.run(article, settings: ExecutionSettings(timeLimit: 20, outputLimit: 1000))
        #expect(runs[0].outcome == .completed)
        #expect(runs[0].outputTruncated)
        #expect(runs[0].output.utf8.count <= 1000)
        #expect(runs[0].output.hasPrefix("line 1\nline 2\n"))
        #expect(runs[1].outcome == .notReached)
    }

    @Test func aFrozenNowHoldsTheClockThereInTheArticlesTimeZone() throws {
        var article = ExecuteArticle()
        article.add("import Foundation\nlet now = Date()")
        article.add("Thread.sleep(forTimeInterval: 0.2)\nlet later = Date()\n"
            + "print(later.timeIntervalSince(now), now.timeIntervalSince1970)")
        let settings = ExecutionSettings(timeZone: "America/New_York", locale: "en_US",
                                         now: try Date("2015-01-28T23:29:00-05:00", strategy: .iso8601))
        let runs = try runner.run(article, settings: settings)
        // The clock stays at `now` (no seconds, no milliseconds), however long the program runs.
        #expect(runs[0].values.first?.text == "Jan 28, 2015 at 11:29 PM")
        #expect(runs[1].values.first?.text == "Jan 28, 2015 at 11:29 PM")
        #expect(runs[1].output == "0.0 1422505740.0\n")
    }

    @Test func timersFireOnTimeUnderASetNow() throws {
        // libfaketime moves absolute timer deadlines by the fake clock's offset whatever their clock; without the
        // runtime's own `timerfd_settime` each of these would wait years, and the article would time out.
        var article = ExecuteArticle()
        article.add("""
            import Foundation
            let started = Date()
            let group = DispatchGroup()
            group.enter()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { print("asyncAfter"); group.leave() }
            group.wait()
            group.enter()
            Task { try await Task.sleep(nanoseconds: 100_000_000); print("Task.sleep"); group.leave() }
            group.wait()
            let timer = Timer(timeInterval: 0.1, repeats: false) { _ in print("Timer") }
            RunLoop.current.add(timer, forMode: .default)
            RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(1))
            """)
        let settings = ExecutionSettings(timeZone: "America/New_York", locale: "en_US",
                                         now: try Date("2015-01-28T23:29:00-05:00", strategy: .iso8601), timeLimit: 8)
        let runs = try runner.run(article, settings: settings)
        #expect(runs[0].outcome == .completed, "\(runs[0].diagnostics)")
        #expect(runs[0].output == "asyncAfter\nTask.sleep\nTimer\n")
        let started = runs[0].values.first { $0.line == article.line(of: "let started") }?.text ?? ""
        #expect(started.hasPrefix("Jan 28, 2015 at 11:29"), "\(started)")
    }

    @Test func snippetsWithProgramsOfTheirOwnNeverStopTheArticle() throws {
        var article = ExecuteArticle()
        article.add("let base = 2\nfunc check(_ n: Int) {\n    precondition(n == 3, \"base is two\")\n}")
        article.add(.isolated, "print(base)")
        article.add(.noRun, "let doubled = base * 2")
        article.add(.compileFail(message: "cannot convert"), "let text: String = base")
        article.add(.crash, "print(\"checking\")\ncheck(base)")
        article.add(.ignore, "this is not Swift")
        article.add("print(base + 1)")
        let runs = try runner.run(article, settings: ExecutionSettings())
        #expect(runs[0].outcome == .completed)
        #expect(runs[1].outcome == .compileFailed)
        #expect(runs[1].diagnostics.first?.message == "cannot find 'base' in scope")
        #expect(runs[1].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.compilerError])
        #expect(runs[2].outcome == .completed)
        #expect(runs[3].outcome == .compileFailed)
        #expect(runs[3].diagnostics.first?.location?.line == article.line(of: "let text"))
        #expect(runs[4].outcome == .trapped(message: "Precondition failed: base is two"))
        #expect(runs[4].output == "checking\n")
        #expect(runs[4].diagnostics.first?.location?.line == article.line(of: "check(base)"))
        #expect(runs[5].outcome == .skipped)
        #expect(runs[6].outcome == .completed)
        #expect(runs[6].output == "3\n")
    }

    @Test func supportModuleErrorsAreLocatedInTheirFilesAndGoodModulesAreImported() throws {
        let broken = [SupportSource(path: "content/_support/Broken.swift", text: "public let ok = 1\npublic let bad: Int = \"x\"\n")]
        let error = #expect(throws: DiagnosticError.self) {
            _ = try runner.prepare(supportModule: "BrokenSupport", sources: broken, package: nil)
        }
        #expect(error?.diagnostics.first?.location == SourceLocation(path: "content/_support/Broken.swift", line: 2, column: 23))

        let name = "ExecuteSupport"
        var article = ExecuteArticle()
        article.add("import \(name)\nlet counter = Counter()\ncounter.greet()")
        article.add("print(\"bye\")")
        let runs = try runner.run(article, support: (name, [
            SupportSource(path: "content/_support/Counter.swift",
                          text: "public final class Counter { public init() {}; public func greet() { print(\"hi\") } }\n"),
        ]))
        #expect(runs.map(\.outcome) == [.completed, .completed])
        #expect(runs[0].values.first?.text == "Counter")
        #expect(runs.map(\.output) == ["hi\n", "bye\n"])
    }
}
