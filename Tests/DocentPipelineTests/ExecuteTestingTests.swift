import DocentCore
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Swift Testing's `@Test` functions in an article run after its snippets: each test's result is checked at its
/// `@Test` line, a failing `#expect` shows its values, and a test that never ran fails as such — merged or not.
@Suite(.tags(.compiler)) struct ExecuteTestingTests {
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
            #expect(checked[1].failures.first?.message == "the test declared here did not run")
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

    @Test func aLineIsNumberedAsTheLastSourceLocationSays() {
        let source = "a\n#sourceLocation(file: \"x\", line: 100004)\nb\nc\n#sourceLocation(file: \"__docent__\", line: 1)\nd"
        #expect(OutcomeMapper.lineNumbers(of: source) == [1, 0, 100004, 100005, 0, 1])
    }
}
