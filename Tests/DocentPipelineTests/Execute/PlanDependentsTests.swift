import DocentCore
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Which later snippets the left-out ones take with them before compiling again (`ArticlePlanner.dependents`): a
/// whole chain at once, and only where the snippet's facts leave no doubt which declaration it uses.
@Suite struct PlanDependentsTests {
    private func made(_ codes: [String]) -> (ArticlePlanner, ExecuteArticle) {
        var article = ExecuteArticle()
        for code in codes { article.add(code) }
        let context = PlanContext(settings: ExecutionSettings(), fingerprints: ToolchainFingerprints(compiler: "swift", runtime: "r"),
                                  supportModule: nil)
        return (ArticlePlanner(articlePath: ExecuteArticle.path, records: article.records, context: context), article)
    }

    private func dependents(_ codes: [String], failing: Int = 0, kept: Bool = false) -> [Int: Exclusion] {
        var adjustments = PlanAdjustments()
        if kept { adjustments.declarationsKept.insert(failing) }
        return made(codes).0.dependents(excluding: [failing: .failed([])], adjustments: adjustments)
    }

    private func use(_ article: ExecuteArticle, _ text: String, column: Int) -> DocentCore.SourceLocation {
        SourceLocation(path: ExecuteArticle.path, line: article.line(of: text), column: column)
    }

    @Test func aWholeChainIsLeftOutAtOnceEachAtItsUse() {
        let (planner, article) = made(["let x: Int = \"one\"", "let y = x + 1", "print(y)", "print(\"fine\")"])
        let found = planner.dependents(excluding: [0: .failed([])], adjustments: PlanAdjustments())
        #expect(found == [
            1: .dependsOn(line: article.snippets[0].location.line, name: "x", use: use(article, "let y", column: 9)),
            2: .dependsOn(line: article.snippets[1].location.line, name: "y", use: use(article, "print(y)", column: 7)),
        ])
    }

    @Test func aNameTheStandardLibraryAlsoDeclaresIsTheArticlesOwn() {
        // In the article as one file, `max` is the snippet's value (it shadows Swift's function): the use fails
        // because that snippet does, not with what the compiler says of Swift's `max` once the snippet is left out.
        let (planner, article) = made(["let max = missingFunction()", "print(max)"])
        #expect(planner.dependents(excluding: [0: .failed([])], adjustments: PlanAdjustments())
                == [1: .dependsOn(line: article.snippets[0].location.line, name: "max", use: use(article, "print(max)", column: 7))])
    }

    @Test func whatTheFactsCannotTellWaitsForTheCompile() {
        #expect(dependents(["func f() -> Int { \"one\" }", "print(f())"]).isEmpty, "a function: another overload may be called")
        #expect(dependents(["let x: Int = \"one\"", "func g() -> Int { x }"]).isEmpty, "a use inside a body")
        #expect(dependents(["let count: Int = \"one\"", "print([1].count)"]).isEmpty, "a member of the same name")
        #expect(dependents(["let x: Int = \"one\"", "let x = 2\nprint(x)"]).isEmpty, "declared again by the snippet itself")
        #expect(dependents(["let x: Int = \"one\"", "var x = 2", "print(x)"]).isEmpty, "declared again by a snippet still in")
    }

    @Test func keptDeclarationsStayAndTheValuesBesideThemGo() {
        let declares = "struct Point { var x = 1 }\nlet v: Int = \"one\""
        #expect(dependents([declares, "print(Point().x)"], kept: true).isEmpty)
        #expect(dependents([declares, "print(Point().x, v)"], kept: true).keys.sorted() == [1])
        #expect(dependents([declares, "print(Point().x)"], kept: false).keys.sorted() == [1], "not kept: the type goes too")
    }

    @Test func anErrorInsideADeclarationMeansItsDeclarationsCannotBeKept() {
        let (planner, article) = made(["struct Box {\n    var v: Int = \"one\"\n}\nlet w: Int = \"two\""])
        let inBox = Diagnostic.error(DiagnosticID("test.fixture"), at: use(article, "var v", column: 18), "cannot convert")
        let atW = Diagnostic.error(DiagnosticID("test.fixture"), at: use(article, "let w", column: 14), "cannot convert")
        #expect(planner.errorsLieInKeptDeclarations([inBox], of: 0))
        #expect(!planner.errorsLieInKeptDeclarations([atW], of: 0))
    }
}
