import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Blocks Docent cannot run as written, compiled for real from Markdown: `@main` entry points (run with `args="…"`,
/// else compiled and not run), code elided with `...`, member fragments, and declarations that outlive a failing
/// statement beside them (issue 31, items 1, 4, 5 and 6).
@Suite(.tags(.compiler)) struct ExecuteReadAsSwiftTests {
    private let runner = executeTestRunner()

    /// The article's snippets, their runs and their verdicts.
    private func check(_ body: String) throws -> (records: [SnippetRecord], checked: [CheckedSnippet]) {
        let records = try SnippetExtractor().extractWithFacts(try parsedArticle(article(body: body)))
        let job = ArticleJob(articlePath: "content/x.md", snippets: records, settings: ExecutionSettings(), supportModule: nil)
        let runs = try runner.prepare(supportModule: nil, sources: [], package: nil).runs(job)
        let checked = zip(records, runs).map { CheckedSnippet(snippet: $0.snippet, result: ResultChecker().check($0.snippet, $1)) }
        return (records, checked)
    }

    private func firstError(_ checked: CheckedSnippet) -> DocentCore.SourceLocation? {
        checked.result.diagnostics.first { $0.severity == .error }?.location
    }

    @Test func anEntryPointRunsWithItsArgumentsOrIsCompiledAndNotRun() throws {
        let (records, checked) = try check("""

            ```swift
            @main
            struct Tool {
                static func main() {
                    print("never run")
                }
            }
            ```

            ```swift args="--count 3 'hello world'"
            @main
            struct Counter {
                static func main() async {
                    print(CommandLine.arguments.dropFirst().joined(separator: "|"))
                }
            }
            ```

            ```output
            --count|3|hello world
            ```

            ```swift
            extension Tool {
                static let version = "1.0"
            }
            print(Tool.version)
            ```

            ```swift
            @main
            struct Broken {
                static func main() {
                    let count: Int = "three"
                }
            }
            ```
            """)
        #expect(records.map(\.snippet.mode) == [.entryPoint(arguments: nil), .entryPoint(arguments: ["--count", "3", "hello world"]),
                                                .shared, .entryPoint(arguments: nil)])
        #expect(checked.map(\.result.status) == [.compiledNotRun, .passed, .passed, .failed], "\(checked.map(\.result.diagnostics))")
        #expect(checked[1].result.output == "--count|3|hello world\n")
        #expect(checked[0].result.output == "")
        // A later snippet extends the entry point's type: its declarations are the article's.
        #expect(checked[2].result.output == "1.0\n")
        #expect(firstError(checked[3]) == SourceLocation(path: "content/x.md", line: records[3].snippet.location.line + 4, column: 26))

        let report = TestReport(articles: [.init(path: "content/x.md", snippets: checked)])
        #expect(report.summaryLine == "2 passed, 1 failed, 1 skipped (1 compiled, not run)")
        let xml = JUnitWriter().xml(for: report)
        #expect(xml.contains("<testcase name=\"content/x.md:\(records[0].snippet.location.line)\" classname=\"content/x.md\">\n      <skipped message=\"compiled, not run\"/>"))
        #expect(SnippetMarkup.label(for: checked[0]) == "Compiled, not run")
        #expect(Verification(checked).compiledOnly == 1)
    }

    @Test func anEntryPointWithTopLevelCodeFailsAtItsAttributeAsSwiftSays() throws {
        let (records, checked) = try check("\n```swift\n@main\nstruct T { static func main() { print(0) } }\nprint(1)\n```\n")
        #expect(records[0].snippet.mode == .shared)
        #expect(checked[0].result.status == .failed)
        let error = checked[0].result.diagnostics.first { $0.severity == .error }
        #expect(error?.location == DocentCore.SourceLocation(path: "content/x.md", line: records[0].snippet.location.line + 1, column: 1))
        #expect(error?.message.contains("'main' attribute cannot be used in a module that contains top-level code") == true)
        #expect(throws: DiagnosticError.self) {
            _ = try SnippetExtractor().extractWithFacts(try parsedArticle(article(body: "\n```swift args=\"-v\"\nprint(1)\n```\n")))
        }
    }

    @Test func elidedCodeIsTypeCheckedNotRunAndLendsItsDeclarations() throws {
        let (records, checked) = try check("""

            ```swift
            struct Command {
                var name: String
                mutating func run() throws { ... }
                func total() -> Double { ... }
            }
            let numbers: [Int] = ...
            print(numbers.count, max(...))
            ```

            ```swift
            let command = Command(name: "add")
            print(command.name)
            ```

            ```swift
            struct Other {
                func f() { ... }
            }
            let wrong: Int = "no"
            ```
            """)
        #expect(records.map(\.snippet.mode) == [.elided, .shared, .elided])
        #expect(checked.map(\.result.status) == [.compiledNotRun, .passed, .failed], "\(checked.map(\.result.diagnostics))")
        #expect(checked[1].result.output == "add\n")
        // Everything around the elisions must compile: a type error elsewhere fails, at its line.
        #expect(firstError(checked[2]) == SourceLocation(path: "content/x.md", line: records[2].snippet.location.line + 4, column: 18))
    }

    @Test func memberFragmentsAreCheckedAsTheMembersOfAType() throws {
        let (records, checked) = try check("""

            ```swift
            @propertyWrapper struct Clamped { var wrappedValue: Int }
            ```

            ```swift
            @Clamped var level = 3
            static let maximum = 10
            mutating func raise() { level += 1 }
            init(level: Int) { self.level = level }
            ```

            ```swift
            var count = 0
            mutating func bump() { count += "one" }
            ```
            """)
        #expect(records.map(\.snippet.mode) == [.shared, .memberFragment, .memberFragment])
        #expect(checked.map(\.result.status) == [.passed, .compiledNotRun, .failed], "\(checked.map(\.result.diagnostics))")
        #expect(firstError(checked[2]) == SourceLocation(path: "content/x.md", line: records[2].snippet.location.line + 2, column: 33))
    }

    @Test func declarationsOutliveAFailingStatementBesideThem() throws {
        let (records, checked) = try check("""

            ```swift
            struct Point { var x = 1 }
            extension Point { var doubled: Int { x * 2 } }
            let broken: Int = "oops"
            ```

            ```swift
            print(Point().doubled)
            ```

            ```swift
            struct Size { var width: Int = "wide" }
            let unit = 1
            ```

            ```swift
            print(Size().width)
            ```
            """)
        #expect(checked.map(\.result.status) == [.failed, .passed, .failed, .failed], "\(checked.map(\.result.diagnostics))")
        #expect(checked[1].result.output == "2\n")
        #expect(firstError(checked[0])?.line == records[0].snippet.location.line + 3)
        // Only a declaration that fails itself takes its users down, and they say which.
        let message = checked[3].result.diagnostics.first?.message ?? ""
        #expect(message.contains("'Size', declared by the snippet at line \(records[2].snippet.location.line)"), "\(message)")
    }

    @Test func aValueUsedBeforeTheSnippetThatDeclaresItIsAnErrorNamingBothLines() throws {
        let body = """

            ```swift
            struct Reader { var source: String }
            let reader = Reader(source: provider)
            ```

            ```swift
            func describe() -> String { "from \\(provider)" }
            ```

            ```swift
            let provider = "environment"
            print(describe())
            ```
            """
        let records = try SnippetExtractor().extractWithFacts(try parsedArticle(article(body: body)))
        let context = PlanContext(settings: ExecutionSettings(), fingerprints: ToolchainFingerprints(compiler: "swift", runtime: "r"),
                                  supportModule: nil)
        let planner = ArticlePlanner(articlePath: "content/x.md", records: records, context: context)
        let use = DocentCore.SourceLocation(path: "content/x.md", line: records[0].snippet.location.line + 2, column: 29)
        // Only the use that runs before the declaration: a function body runs when it is called.
        #expect(planner.initialExclusions() == [0: .usedBeforeDeclaration(location: use, name: "provider",
                                                                           line: records[2].snippet.location.line)])
        let (_, checked) = try check(body)
        #expect(checked.map(\.result.status) == [.failed, .passed, .passed], "\(checked.map(\.result.diagnostics))")
        #expect(firstError(checked[0]) == use)
        #expect(checked[2].result.output == "from environment\n")
    }

    @Test func aFragmentThatFitsAnExtensionSeesTheTypeTheBlockBeforeDeclares() throws {
        let (records, checked) = try check("""

            ```swift
            struct Counter {
                var count = 0
            }
            ```

            ```swift
            mutating func increment() { count += 1 }
            static let start = 0
            ```

            ```swift
            mutating func reset() { total = 0 }
            ```
            """)
        #expect(records.map(\.snippet.mode) == [.shared, .memberFragment, .memberFragment])
        #expect(records[1].snippet.checkedCode?.hasPrefix("extension Counter { mutating func increment()") == true)
        #expect(checked.map(\.result.status) == [.passed, .compiledNotRun, .failed], "\(checked.map(\.result.diagnostics))")
        let error = checked[2].result.diagnostics.first { $0.severity == .error }
        #expect(error?.message.contains("cannot find 'total' in scope") == true)
        #expect(error?.location?.line == records[2].snippet.location.line + 1)
    }

    /// The paragraph before a fragment names its type in code voice: of two types declared (one block declaring
    /// both, then a block declaring a third), the fragment extends the one the prose names, and sees only its members.
    @Test func aFragmentExtendsTheTypeTheProseBeforeItNames() throws {
        let (records, checked) = try check("""

            ```swift
            struct Counter { var count = 0 }
            struct Timer { var ticks = 0 }
            ```

            Add this to ``Timer``:

            ```swift
            mutating func tick() { ticks += 1 }
            ```

            ```swift
            struct Clock { var hours = 0 }
            ```

            Then give `Counter` a reset:

            ```swift
            mutating func reset() { count = 0 }
            ```

            And `Counter` one more:

            ```swift
            mutating func wind() { hours += 1 }
            ```
            """)
        #expect(records.map(\.snippet.mode) == [.shared, .memberFragment, .shared, .memberFragment, .memberFragment])
        #expect(records[1].snippet.checkedCode?.hasPrefix("extension Timer { ") == true)
        #expect(records[3].snippet.checkedCode?.hasPrefix("extension Counter { ") == true)
        #expect(checked.map(\.result.status) == [.passed, .compiledNotRun, .passed, .compiledNotRun, .failed],
                "\(checked.map(\.result.diagnostics))")
        // A member the named type lacks fails at its line and column.
        #expect(firstError(checked[4]) == SourceLocation(path: "content/x.md", line: records[4].snippet.location.line + 1,
                                                         column: 24))
    }

    /// An error on a fragment's first line, or after an elision on its line, is reported at the column of the block's
    /// own code, not of the code Docent compiles in its place.
    @Test func anErrorBesideDocentsRewriteIsAtItsOwnColumn() throws {
        let (records, checked) = try check("""

            ```swift
            static let limit: Int = "ten"
            ```

            ```swift
            func f() -> Int { ... }; let g: Int = "x"
            ```
            """)
        #expect(records.map(\.snippet.mode) == [.memberFragment, .elided])
        #expect(checked.map(\.result.status) == [.failed, .failed])
        #expect(firstError(checked[0]) == SourceLocation(path: "content/x.md", line: records[0].snippet.location.line + 1,
                                                         column: 25))
        #expect(firstError(checked[1]) == SourceLocation(path: "content/x.md", line: records[1].snippet.location.line + 1,
                                                         column: 39))
    }

    /// A type used before the block that declares it, in a block that does not compile: the use fails naming that
    /// block's line, not with "cannot find" (issue 31, item 1); the declaring block fails with its own error.
    @Test func aUseOfATypeALaterBrokenBlockDeclaresNamesThatBlock() throws {
        let (records, checked) = try check("""

            ```swift
            struct Tool { static let parts: [Any.Type] = [Part.self] }
            print(Tool.parts.count)
            ```

            ```swift
            struct Part { let x: Int = "one" }
            ```
            """)
        #expect(checked.map(\.result.status) == [.failed, .failed])
        let use = checked[0].result.diagnostics.first { $0.severity == .error }
        #expect(use?.message.contains("'Part'") == true && use?.message.contains("line \(records[1].snippet.location.line)") == true,
                "\(checked[0].result.diagnostics)")
        #expect(firstError(checked[1])?.line == records[1].snippet.location.line + 1)
    }

    @Test func anEntryPointWhoseMainIsAsyncInAProtocolRunsTheAsyncOne() throws {
        // As with `AsyncParsableCommand`: a refined protocol's async `main()` beside the base protocol's sync one.
        let (_, checked) = try check("""

            ```swift
            protocol Command { }
            extension Command { static func main() { print("sync main") } }
            protocol AsyncCommand: Command { }
            extension AsyncCommand { static func main() async { print("async main") } }
            ```

            ```swift args=""
            @main
            struct Shout: AsyncCommand { }
            ```

            ```output
            async main
            ```
            """)
        #expect(checked.map(\.result.status) == [.passed, .passed], "\(checked.map(\.result.diagnostics))")
        #expect(checked[1].result.output == "async main\n")
    }
}
