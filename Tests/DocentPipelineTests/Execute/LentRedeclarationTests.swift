import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// A block Docent type-checks without running (elided code) lends its declarations to the blocks after it, never to
/// those before it: a guide that shows `typealias Model = Set<Int>` with working code, then "the same code" with
/// `typealias Model = OtherSet<Int>` and an elided body (issue 32).
@Suite(.tags(.compiler)) struct LentRedeclarationTests {
    private let runner = executeTestRunner()

    @Test func aTypeDeclaredAgainByElidedCodeReachesOnlyTheBlocksAfterIt() throws {
        let records = try SnippetExtractor().extractWithFacts(try parsedArticle(article(body: """

            ```swift
            typealias Model = Set<Int>
            var model: Model = []
            model.insert(1)
            print(model.count)
            ```

            ```swift
            typealias Model = [Int]
            func update(_ model: inout Model) { ... }
            ```

            ```swift
            var list: Model = [4, 5]
            list.append(6)
            print(list.count)
            ```
            """)))
        let job = ArticleJob(articlePath: "content/x.md", snippets: records, settings: ExecutionSettings(), supportModule: nil)
        let runs = try runner.prepare(supportModule: nil, sources: [], package: nil).runs(job)
        let checked = zip(records, runs).map { CheckedSnippet(snippet: $0.snippet, result: ResultChecker().check($0.snippet, $1)) }
        #expect(records.map(\.snippet.mode) == [.shared, .elided, .shared])
        #expect(checked.map(\.result.status) == [.passed, .compiledNotRun, .passed], "\(checked.map(\.result.diagnostics))")
        #expect(checked.map(\.result.output) == ["1\n", "", "3\n"])
    }
}
