import DocentCore
import DocentTestSupport
import Foundation
import Testing
import DocentExecute
@testable import DocentPipeline

/// A snippet that traps fails alone: the snippets after it still run, seeing what it declared.
@Suite(.tags(.compiler)) struct ExecuteTrapTests {
    private let runner = executeTestRunner()

    @Test func aTrapFailsItsSnippetAtItsLineAndTheLaterSnippetsRunWithItsDeclarations() throws {
        var article = ExecuteArticle()
        article.add("class Residence { var rooms = 1 }\nclass Person { var residence: Residence? }\nlet john = Person()\nprint(\"made\")")
        article.add("""
            let before = 7
            let roomCount = john.residence!.rooms
            print("unreachable")
            func describe() -> String { "a helper declared after the trap" }
            struct Later { var n = 3 }
            """)
        article.add("print(before, describe(), Later().n)\njohn.residence = Residence()\nprint(john.residence!.rooms)")
        article.add("print(roomCount)")
        article.add("print(\"last\")")
        let runs = try runner.run(article)
        #expect(runs[0].outcome == .completed)
        #expect(runs[0].output == "made\n", "the first run's output")
        guard case .trapped(let message) = runs[1].outcome else {
            Issue.record("the second snippet should trap, got \(runs[1].outcome)")
            return
        }
        #expect(message.contains("Unexpectedly found nil"))
        #expect(runs[1].diagnostics.first?.location?.line == article.line(of: "let roomCount"))
        #expect(runs[1].values.map(\.text) == ["7"], "values before the trap are the first run's")
        #expect(runs[2].outcome == .completed)
        #expect(runs[2].output == "7 a helper declared after the trap 3\n1\n",
                "later snippets see the values set before the trap and the functions and types after it")
        #expect(runs[3].outcome == .compileFailed)
        #expect(runs[3].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.dependsOnTrapped])
        #expect(runs[3].diagnostics.map(\.location) == [article.snippets[3].location])
        #expect(runs[4].outcome == .completed)
        #expect(runs[4].output == "last\n")
    }

    @Test func severalTrapsAnUncaughtErrorAndASignalEachFailAlone() throws {
        var article = ExecuteArticle()
        article.add("struct Oops: Error {}\nfunc fail() throws { throw Oops() }\nprint(1)")
        article.add("try fail()")
        article.add("print(2)\nlet small: Int8 = 127\nlet more = small + Int8(\"1\")!")
        article.add("print(3)\nimport Foundation\nraise(SIGABRT)")
        article.add("print(4)")
        let runs = try runner.run(article)
        #expect(runs.map(\.output) == ["1\n", "", "2\n", "3\n", "4\n"])
        #expect(runs[1].diagnostics.first?.location?.line == article.line(of: "try fail()"))
        for index in [1, 2, 3] {
            guard case .trapped = runs[index].outcome else {
                Issue.record("snippet \(index) should trap, got \(runs[index].outcome)")
                continue
            }
        }
        #expect(runs[2].diagnostics.first?.location?.line == article.line(of: "let more"))
        #expect(runs[4].outcome == .completed)
    }

    @Test func aTrapAtTheEndOfASegmentLeavesTheLaterSegmentsAndOwnProgramsRunning() throws {
        var article = ExecuteArticle()
        article.add("protocol Shape { func area() -> Int }\nlet values = [1]")
        article.add("print(values[3])")
        // Declaring `Shape` again starts a new segment; its program holds the trapping snippet as context.
        article.add("protocol Shape { func area() -> Double }\nstruct Square: Shape { func area() -> Double { 4 } }\nprint(Square().area())")
        article.add(.crash, "print(values[0])\nprint(values[9])")
        article.add(.noRun, "print(values.count)")
        let runs = try runner.run(article)
        guard case .trapped = runs[1].outcome else {
            Issue.record("the second snippet should trap, got \(runs[1].outcome)")
            return
        }
        #expect(runs[2].outcome == .completed)
        #expect(runs[2].output == "4.0\n")
        guard case .trapped = runs[3].outcome else {
            Issue.record("the crash snippet should trap on its own line, got \(runs[3].outcome)")
            return
        }
        #expect(runs[3].output == "1\n")
        #expect(runs[3].diagnostics.first?.location?.line == article.line(of: "values[9]"))
        #expect(runs[4].outcome == .completed)
    }
}
