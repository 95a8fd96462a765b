import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Lines marked as errors (`// error: …`) in blocks Docent type-checks but cannot run as written: elided code, as a
/// package guide writes "this does not compile" beside a function whose body it elides (issue 32).
@Suite(.tags(.compiler)) struct MarkedErrorsInCheckedBlocksTests {
    private let runner = executeTestRunner()

    private func check(_ body: String) throws -> [CheckedSnippet] {
        let records = try SnippetExtractor().extractWithFacts(try parsedArticle(article(body: body)))
        let job = ArticleJob(articlePath: "content/x.md", snippets: records, settings: ExecutionSettings(), supportModule: nil)
        let runs = try runner.prepare(supportModule: nil, sources: [], package: nil).runs(job)
        return zip(records, runs).map { CheckedSnippet(snippet: $0.snippet, result: ResultChecker().check($0.snippet, $1)) }
    }

    @Test func anElidedBlockWhoseMarkedLineFailsIsAnExpectedFailure() throws {
        let checked = try check("""

            ```swift
            func total(_ items: [Int]) -> Int { ... }
            total(Set([1, 2])) // error: a set is no array
            total([1, 2]) // OK
            ```
            """)
        #expect(checked.map(\.snippet.mode) == [.elided])
        #expect(checked.map(\.result.status) == [.expectedFailure], "\(checked.map(\.result.failures))")
    }

    @Test func anElidedBlockFailsWhenItsMarkedLineCompilesOrAnUnmarkedLineDoesNot() throws {
        let checked = try check("""

            ```swift
            func total(_ items: [Int]) -> Int { ... }
            total([1, 2]) // error: this one is fine
            ```

            ```swift
            func count(_ items: [Int]) -> Int { ... }
            count(Set([1, 2])) // error: a set is no array
            let wrong: Int = "no"
            ```
            """)
        #expect(checked.map(\.snippet.mode) == [.elided, .elided])
        #expect(checked.map(\.result.status) == [.failed, .failed])
        #expect(checked[0].result.failures.first?.message.hasPrefix("its comment says line 8 is an error, but it compiled") == true,
                "\(checked[0].result.failures)")
        #expect(checked[1].result.failures.first?.location.line == 14, "\(checked[1].result.failures)")
        #expect(checked[1].result.failures.first?.message.hasSuffix("(on a line no comment marks as an error)") == true)
    }
}
