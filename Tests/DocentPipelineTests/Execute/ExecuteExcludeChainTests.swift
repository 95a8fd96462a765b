import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// The compile→exclude loop is bounded: the compiler reports every failing snippet at once and the snippets that use
/// what they declare go with them by their facts, so an article with compile errors costs one more compile, not one
/// per link of a chain; each snippet still fails where and why it fails.
@Suite(.tags(.compiler)) struct ExecuteExcludeChainTests {
    /// The article's runs and how many compiles it took, merged (with nothing else) or each program apart.
    private func run(_ article: ExecuteArticle, merges: Bool = false) throws -> (runs: [SnippetRun], compiles: Int) {
        var environment = executeTestEnvironment()
        environment.merges = merges
        let prepared = try ToolchainBuilder(environment: environment).prepared(supportModule: nil, sources: [])
        let job = article.job()
        let batch = try prepared.merging([job], workers: 1)
        defer { batch.finish() }
        let runs = try batch.runs(job)
        return (runs, prepared.counts.compiles)
    }

    private func at(_ article: ExecuteArticle, _ text: String, column: Int) -> DocentCore.SourceLocation {
        SourceLocation(path: ExecuteArticle.path, line: article.line(of: text), column: column)
    }

    @Test func aChainCostsOneMoreCompileAndEachLinkNamesWhatItUses() throws {
        var article = ExecuteArticle()
        article.add("let x: Int = \"one\"")    // 0: fails
        article.add("let y = x + 1")           // 1: uses 0's value
        article.add("let z = y * 2\nprint(z)") // 2: uses 1's value
        article.add("print(\"fine\")")
        let (runs, compiles) = try run(article)
        #expect(runs.map(\.outcome) == [.compileFailed, .compileFailed, .compileFailed, .completed])
        #expect(runs[0].diagnostics.map(\.location?.line) == [article.line(of: "let x")])
        // The wording, once, as a golden; the rest assert the ID.
        #expect(runs[1].diagnostics.map(\.message)
                == ["it uses 'x', declared by the snippet at line \(article.snippets[0].location.line), which does not compile"])
        #expect(runs[1].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.dependsOnFailed])
        #expect(runs[1].diagnostics.map(\.location) == [at(article, "let y", column: 9)])
        #expect(runs[2].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.dependsOnFailed])
        #expect(runs[2].diagnostics.map(\.location) == [at(article, "let z", column: 9)])
        #expect(runs[3].output == "fine\n")
        #expect(compiles == 2, "the failing compile and one more (4 when each link cost a compile)")
    }

    @Test func aTypeWhoseOwnDeclarationFailsIsNotKeptAndItsUsersGoAtOnce() throws {
        var article = ExecuteArticle()
        article.add("struct Box {\n    var v: Int = \"one\"\n}")
        article.add("let box = Box()\nprint(box.v)")
        article.add("print(\"fine\")")
        let (runs, compiles) = try run(article)
        #expect(runs.map(\.outcome) == [.compileFailed, .compileFailed, .completed])
        #expect(runs[0].diagnostics.map(\.location?.line) == [article.line(of: "var v")])
        #expect(runs[1].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.dependsOnFailed])
        #expect(runs[1].diagnostics.map(\.location) == [at(article, "let box", column: 11)])
        #expect(compiles == 2, "4 when the kept declaration failed again, then its user")
    }

    @Test func aTypeBesideAFailingStatementStillServesTheSnippetsAfterIt() throws {
        var article = ExecuteArticle()
        article.add("struct Point { var x = 1 }\nlet broken: Int = \"one\"")
        article.add("print(Point().x)")
        article.add("print(broken)")
        let (runs, compiles) = try run(article)
        #expect(runs.map(\.outcome) == [.compileFailed, .completed, .compileFailed])
        #expect(runs[1].output == "1\n")
        #expect(runs[2].diagnostics.map(\.location) == [at(article, "print(broken)", column: 7)])
        #expect(compiles == 2)
    }

    @Test func aValueNamedLikeAStandardLibraryFunctionIsBlamedOnItsSnippet() throws {
        var article = ExecuteArticle()
        article.add("let max = missingFunction()")
        article.add("print(max)")
        article.add("print(\"fine\")")
        let (runs, compiles) = try run(article)
        #expect(runs.map(\.outcome) == [.compileFailed, .compileFailed, .completed])
        #expect(runs[1].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.dependsOnFailed])
        #expect(runs[1].diagnostics.map(\.location) == [at(article, "print(max)", column: 7)])
        #expect(compiles == 2)
    }

    @Test func aUseInsideAFunctionIsFoundByTheNextCompileAtItsLine() throws {
        var article = ExecuteArticle()
        article.add("let total: Int = \"one\"")
        article.add("func report() -> Int { total }")
        article.add("print(\"fine\")")
        let (runs, _) = try run(article)
        #expect(runs.map(\.outcome) == [.compileFailed, .compileFailed, .completed])
        #expect(runs[1].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.dependsOnFailed])
        #expect(runs[1].diagnostics.map(\.location) == [at(article, "func report", column: 24)])
    }

    @Test func mergedTheFailedCompileOfTheMergedBuildIsTheArticlesFirst() throws {
        var article = ExecuteArticle()
        article.add("let x: Int = \"one\"")
        article.add("let y = x + 1")
        article.add("print(\"fine\")")
        let merged = try run(article, merges: true)
        let apart = try run(article, merges: false)
        #expect(merged.runs == apart.runs)
        #expect(merged.runs.map(\.outcome) == [.compileFailed, .compileFailed, .completed])
        #expect(merged.compiles == 2, "the merged build's compile and the one without the failing snippets (3 before)")
        #expect(apart.compiles == 2)
    }
}
