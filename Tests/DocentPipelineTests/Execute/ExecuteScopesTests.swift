import DocentCore
import DocentTestSupport
import Foundation
import Testing
import DocentExecute
@testable import DocentPipeline

/// Real documentation, compiled and run for real: names declared again, a broken example among good ones, values
/// shown exactly as they are, threads, and what survives a trap or a time-out.
@Suite(.tags(.compiler)) struct ExecuteScopesTests {
    private let runner = executeTestRunner()

    @Test func laterSnippetsMayDeclareValuesFunctionsAndTypesAgain() throws {
        var article = ExecuteArticle()
        article.add("var reversedNames = [\"b\", \"a\"].sorted()\nfunc greet(_ name: String) -> String { \"Hi \\(name)\" }\nstruct Point { var x = 1 }")
        article.add("print(greet(reversedNames[0]), Point().x)")
        article.add("var reversedNames = [\"z\", \"y\"]\nfunc greet(_ name: String) -> String { \"Hello \\(name)\" }\nstruct Point { var x = 2; var y = 3 }")
        article.add("print(greet(reversedNames[0]), Point().y)")
        let runs = try runner.run(article)
        #expect(runs.map(\.outcome) == [.completed, .completed, .completed, .completed], "\(runs.flatMap(\.diagnostics))")
        #expect(runs.map(\.output) == ["", "Hi a 1\n", "", "Hello z 3\n"])
    }

    @Test func protocolsAndExtensionsOfLaterSnippetsWork() throws {
        var article = ExecuteArticle()
        article.add("let total = 1")
        article.add("let total = 2\nstruct Meters { var value: Double }\nextension Meters: CustomStringConvertible { var description: String { \"\\(value) m\" } }\nprotocol Named { var name: String { get } }\nextension Int: Named { var name: String { \"number \\(self)\" } }\nprint(Meters(value: 3), total.name)")
        let runs = try runner.run(article)
        #expect(runs[1].outcome == .completed, "\(runs[1].diagnostics)")
        #expect(runs[1].output == "3.0 m number 2\n")
    }

    @Test func aBrokenSnippetFailsAloneWithItsOwnErrorAndTheOthersStillRun() throws {
        var article = ExecuteArticle()
        article.add("let a = 1\nprint(a)")
        article.add("let b: Int = \"two\"")
        article.add("print(a + 1)")
        article.add("print(b)")
        article.add("let c = 3\nprint(c)")
        let runs = try runner.run(article)
        #expect(runs[0].output == "1\n")
        #expect(runs[1].outcome == .compileFailed)
        #expect(runs[1].diagnostics.first?.location == SourceLocation(path: "content/x.md", line: article.line(of: "let b"), column: 14))
        #expect(runs[1].diagnostics.first?.id == ExecuteDiagnostics.ID.compilerError)
        #expect(runs[1].diagnostics.first?.message.contains("cannot convert value of type 'String'") == true)
        #expect(runs[2].output == "2\n")
        #expect(runs[3].outcome == .compileFailed)
        #expect(runs[3].diagnostics.first?.id == ExecuteDiagnostics.ID.dependsOnFailed)
        #expect(runs[3].diagnostics.first?.message.contains("declared by the snippet at line \(article.snippets[1].location.line)") == true)
        #expect(runs[4].output == "3\n")
    }

    @Test func valuesAreShownExactlyAsTheyAreKeyedByLineAndColumn() throws {
        var article = ExecuteArticle()
        article.add("""
            import Foundation
            let hosts = ["main.example.com", "0xDEADBEEF12"]
            let pair = (x: "main.swift", y: 3)
            struct Node: CustomStringConvertible { var description: String { "node at 0x7ffee1234567" } }
            let node = Node()
            let a = 1; let b = 2
            func square(_ n: Int) -> Int {
                let result = n * n
                return result
            }
            let nine = square(3)
            let sixteen = square(4)
            final class Box { var v = 0 }
            let box = Box()
            box.v = 5
            var numbers: [Int] = []
            for i in 0..<3000 { numbers.append(i) }
            """)
        let runs = try runner.run(article)
        #expect(runs[0].outcome == .completed, "\(runs[0].diagnostics)")
        func values(_ text: String) -> [SnippetResult.LineValue] {
            runs[0].values.filter { $0.line == article.line(of: text) }
        }
        #expect(values("let hosts").map(\.full) == [#"["main.example.com", "0xDEADBEEF12"]"#])
        #expect(values("let pair").map(\.full) == [#"(x: "main.swift", y: 3)"#])
        #expect(values("let node").map(\.full) == ["node at 0x7ffee1234567"])
        #expect(values("let a = 1").map(\.text) == ["1", "2"])
        let inside = values("let result")
        #expect(inside.map(\.count) == [2])
        #expect(inside.first?.history.map(\.text) == ["9", "16"])
        #expect(inside.first?.text == "16")
        #expect(values("box.v = 5").map(\.text) == ["5"], "the assigned value, not the object")
        #expect(values("let box").map(\.text) == ["Box"])
        let loop = values("for i in")
        #expect(loop.first?.count == 3000)
        #expect(loop.first?.text.hasPrefix("3000 elements") == true, "\(loop)")
    }

    @Test func threadsRecordTheirValues() throws {
        var article = ExecuteArticle()
        article.add("""
            import Foundation
            let lock = NSLock()
            var total = 0
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for _ in 0..<1000 {
                    lock.lock(); total += 1; lock.unlock()
                }
            }
            print(total)
            """)
        let runs = try runner.run(article)
        #expect(runs[0].outcome == .completed, "\(runs[0].diagnostics)")
        #expect(runs[0].output == "8000\n")
    }

    @Test func aTrapKeepsEveryValueRecordedBeforeIt() throws {
        var article = ExecuteArticle()
        article.add("let first = 1\nvar squares: [Int] = []\nfor n in 1...5 { squares.append(n * n) }")
        article.add("let before = \"recorded\"\nlet items = [1]\nlet boom = items[5]")
        let runs = try runner.run(article)
        #expect(runs[0].values.map(\.text).contains("1"))
        #expect(runs[1].outcome == .trapped(message: "Fatal error: Index out of range"))
        #expect(runs[1].values.map(\.text).contains("\"recorded\""))
        #expect(runs[1].diagnostics.first?.location?.line == article.line(of: "let boom"))
    }

    @Test func aTimeOutKeepsTheValuesOfEarlierSnippets() throws {
        var article = ExecuteArticle()
        article.add("let kept = 42\nprint(\"before\")")
        article.add("let also = \"here\"\nwhile true {}")
        let runs = try runner.run(article, settings: ExecutionSettings(timeLimit: 5))
        #expect(runs[0].values.map(\.text) == ["42"])
        #expect(runs[0].output == "before\n")
        #expect(runs[1].outcome == .timedOut(seconds: 5))
        #expect(runs[1].values.map(\.text) == ["\"here\""])
    }

    @Test func placeholdersAndReservedNamesNeverReachTheCompiler() throws {
        var article = ExecuteArticle()
        article.add("let x = 1")
        article.add("let y = <#value#>")
        article.add("__docent_snippet(3)")
        article.add("print(x)")
        article.snippets[1].placeholder = SourceLocation(path: ExecuteArticle.path, line: article.line(of: "let y"), column: 9)
        let runs = try runner.run(article)
        #expect(runs[1].outcome == .skipped)
        #expect(runs[2].outcome == .compileFailed)
        #expect(runs[2].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.reservedName])
        #expect(runs[3].output == "1\n")
    }
}
