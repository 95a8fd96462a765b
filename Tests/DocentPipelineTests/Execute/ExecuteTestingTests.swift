import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Swift Testing's `@Test` functions in an article run after its snippets: each test's result is checked at its
/// `@Test` line, a failing `#expect` shows its values, and a test that never ran fails as such — merged or not.
@Suite(.tags(.compiler, .sandbox)) struct ExecuteTestingTests {
    static func article() -> ExecuteArticle {
        var article = ExecuteArticle()
        article.add("""
            import Testing

            func add(_ a: Int, _ b: Int) -> Int { a + b }

            @Test func addition() {
                print("printed by a test")
                #expect(add(2, 3) == 6)
            }

            @Suite struct Arithmetic {
                @Test func zero() { #expect(add(0, 0) == 0) }
            }
            print(add(1, 1))
            """)
        article.add("""
            @Test func traps() {
                let empty: [Int] = []
                #expect(empty[1] == 0)
            }
            """)
        return Self.declaringTests(article)
    }

    /// The article with each snippet's `@Test` lines, as Extract finds them.
    static func declaringTests(_ article: ExecuteArticle) -> ExecuteArticle {
        var article = article
        for index in article.snippets.indices {
            let snippet = article.snippets[index]
            article.snippets[index].declaredTests = SnippetAnalysis(code: snippet.compiledCode).analysis.tests.map {
                snippet.lines[$0.line - 1].number
            }
        }
        return article
    }

    @Test func eachTestIsCheckedAtItsLineWithItsValuesAndOneThatNeverRanFails() throws {
        let article = Self.article()
        let lines = (addition: article.line(of: "@Test func addition"), zero: article.line(of: "@Test func zero"),
                     expect: article.line(of: "#expect(add(2, 3)"), traps: article.line(of: "@Test func traps"))
        var results: [[SnippetResult.Failure]] = []
        for merges in [false, true] {
            let runs = try article.runs(merges: merges)
            #expect(runs[0].output == "2\n", "what a test prints is no snippet's output")
            #expect(runs[0].tests.map(\.line).sorted() == [lines.addition, lines.zero])
            let checked = zip(article.snippets, runs).map { ResultChecker().check($0, $1) }
            #expect(checked.map(\.status) == [.failed, .failed])
            #expect(checked[0].failures.map(\.location.line) == [lines.addition])
            #expect(checked[0].failures.first?.message
                    == "test addition() failed: Expectation failed: (add(2, 3) → 5) == 6 (line \(lines.expect))")
            #expect(checked[1].failures.map(\.location.line) == [lines.traps])
            #expect(checked[1].failures.first?.message
                    == "test traps() trapped: Fatal error: Index out of range (line \(lines.traps + 2))")
            results.append(checked.flatMap(\.failures))
        }
        #expect(results[0] == results[1], "merged and apart alike")
    }

    @Test func passingTestsPassTheirSnippet() throws {
        var article = ExecuteArticle()
        article.add("import Testing\n@Test func one() { #expect(1 + 1 == 2) }\n@Test(arguments: [1, 2]) func positive(n: Int) { #expect(n > 0) }")
        article = Self.declaringTests(article)
        let runs = try article.runs(merges: true)
        #expect(runs[0].tests.count == 2)
        #expect(ResultChecker().check(article.snippets[0], runs[0]).status == .passed)
    }

    /// Every form Swift Testing takes at file scope, each test checked at its own `@Test` line: methods of a suite
    /// (named, parameterized, async and throwing), a suite nested in a type, tests in an extension, and a test in a
    /// snippet that declares an earlier name again, which sees its own snippet's value. A failing one still fails.
    @Test func everyFormOfTestRunsAtItsLineNestedScopesIncluded() throws {
        var article = ExecuteArticle()
        article.add("import Testing\nfunc add(_ a: Int, _ b: Int) -> Int { a + b }\nlet total = add(1, 2)\nprint(total)")
        article.add("""
            @Suite struct Arithmetic {
                @Test func zero() { #expect(add(0, 0) == 0) }
                @Test("adds two numbers") func named() { #expect(add(2, 2) == 4) }
                @Test(arguments: [1, 2, 3]) func positive(n: Int) { #expect(n > 0) }
                @Test func waits() async throws { try await Task.sleep(nanoseconds: 1); #expect(total == 3) }
            }
            """)
        article.add("enum Outer {\n    @Suite struct Inner {\n        @Test func nested() { #expect(total == 3) }\n    }\n}")
        article.add("extension Arithmetic {\n    @Test func inExtension() { #expect(add(1, 1) == 2) }\n}")
        article.add("let total = 10\n@Test func seesItsOwnTotal() { #expect(total == 10) }\nprint(total)")
        article.add("@Test func fails() { #expect(add(2, 3) == 6) }")
        article = Self.declaringTests(article)
        let names = ["func zero", "func named", "func positive", "func waits", "func nested", "func inExtension",
                     "func seesItsOwnTotal", "func fails"]
        let lines = names.map { article.line(of: $0) }
        for merges in [false, true] {
            let runs = try article.runs(merges: merges)
            #expect(runs.flatMap(\.tests).map(\.line).sorted() == lines, "\(runs.map(\.diagnostics))")
            #expect(runs.map(\.output) == ["3\n", "", "", "", "10\n", ""])
            let checked = zip(article.snippets, runs).map { ResultChecker().check($0, $1) }
            #expect(checked.map(\.status) == [.passed, .passed, .passed, .passed, .passed, .failed],
                    "\(checked.flatMap(\.failures))")
            #expect(checked[5].failures.map(\.location.line) == [lines[7]])
            #expect(checked[5].failures.first?.message.contains("(add(2, 3) → 5) == 6") == true)
            #expect(runs[1].tests.first { $0.line == lines[1] }?.name == "adds two numbers")
        }
    }

    /// A test that traps fails at its `@Test` line with the trap's message and the line that trapped; the tests that
    /// ended before it keep their results, and those it kept from running say which test trapped.
    @Test func aTestThatTrapsFailsWithItsTrapAndTheOthersSayWhy() throws {
        var article = ExecuteArticle()
        article.add("""
            import Testing
            @Test func first() { #expect(1 + 1 == 2) }
            @Test func second() {
                let values: [Int?] = [nil]
                print(values[0]!)
            }
            """)
        article.add("@Test func third() { #expect(2 + 2 == 4) }")
        article = Self.declaringTests(article)
        let lines = (first: article.line(of: "func first"), second: article.line(of: "func second"),
                     unwrap: article.line(of: "values[0]!"), third: article.line(of: "func third"))
        let runs = try article.runs(merges: false)
        let checked = zip(article.snippets, runs).map { ResultChecker().check($0, $1) }
        let failures = checked.flatMap(\.failures)
        #expect(runs[0].tests.first { $0.line == lines.first }?.issues == [], "the test before the trap keeps its result")
        let trap = failures.first { $0.location.line == lines.second }
        #expect(trap?.message.hasPrefix("test second() trapped: Fatal error: Unexpectedly found nil") == true, "\(failures)")
        #expect(trap?.message.hasSuffix("(line \(lines.unwrap))") == true, "\(failures)")
        #expect(runs[0].tests.first { $0.line == lines.second }?.stop?.location?.line == lines.unwrap)
        // Swift Testing runs an executable's tests in one process: one that had not run when the trap came says why.
        for line in [lines.first, lines.third] where !runs.flatMap(\.tests).contains(where: { $0.line == line }) {
            #expect(failures.first { $0.location.line == line }?.message
                    == "the test declared here did not run: test second() at line \(lines.second) trapped first, "
                    + "and a trap ends every test of the program (Swift Testing runs them in one process)")
        }
        #expect(checked.map(\.status) == [.failed, runs[1].tests.isEmpty ? .failed : .passed])
    }

    @Test func aLineIsNumberedAsTheLastSourceLocationSays() {
        let source = "a\n#sourceLocation(file: \"x\", line: 100004)\nb\nc\n#sourceLocation(file: \"__docent__\", line: 1)\nd"
        #expect(OutcomeMapper.lineNumbers(of: source) == [1, 0, 100004, 100005, 0, 1])
    }
}
