import DocentCore
import Foundation
import DocentTestSupport
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Issue 31: a command's subcommands declared inside `extension Math { … }` in a block that does not compile. Uses of
/// them elsewhere (before or after that block) fail because of that block, and say so at the use, not "cannot find".
@Suite(.tags(.compiler)) struct ExecuteExtensionMembersTests {
    private func run(_ article: ExecuteArticle) throws -> [SnippetRun] {
        var environment = executeTestEnvironment()
        environment.merges = false
        let prepared = try ToolchainBuilder(environment: environment).prepared(supportModule: nil, sources: [])
        return try prepared.run(article.job()).map { $0.run ?? SnippetRun(outcome: .notReached) }
    }

    @Test("the facts hold an extension's members by type: Math.Add, Math.Statistics.mean")
    func facts() {
        let facts = SnippetAnalysis(code: "extension Math {\n    struct Add {}\n    func total(of x: Int) -> Int { x }\n}\n"
                                         + "extension Math.Statistics {\n    static var mean = 0\n}").facts
        #expect(facts.memberNames == ["Math.Add", "Math.total", "Math.Statistics.mean"])
        #expect(facts.memberBaseNames == ["Add", "total", "mean"])
    }

    @Test("a type used before and after the broken extension that declares it: each use names that block")
    func membersOfABrokenExtension() throws {
        var article = ExecuteArticle()
        article.add("struct Math {\n    static let subcommands: [Any.Type] = [Add.self]\n}")  // 0: uses Add, declared below
        article.add("extension Math {\n    struct Add {\n        var options: Math.Options\n    }\n}")  // 1: fails on its own
        article.add("let add = Math.Add.self\nprint(add)")                                           // 2: uses Add after it
        article.add("print(\"fine\")")
        let runs = try run(article)
        #expect(runs.map(\.outcome) == [.compileFailed, .compileFailed, .compileFailed, .completed])
        let declared = article.snippets[1].location.line
        // Its own error, where it is.
        #expect(runs[1].diagnostics.contains { $0.severity == .error && $0.location?.line == article.line(of: "Math.Options") })
        #expect(runs[0].diagnostics.map(\.message) == ["it uses 'Add', declared by the snippet at line \(declared), which does not compile"])
        #expect(runs[0].diagnostics.first?.location?.line == article.line(of: "[Add.self]"))
        #expect(runs[2].diagnostics.map(\.message) == ["it uses 'Add', declared by the snippet at line \(declared), which does not compile"])
        #expect(runs[3].output == "fine\n")
    }

    @Test("the catalog's shape, through an elided block: every failure names the block it depends on, none says cannot find")
    func chainThroughElidedBlock() throws {
        var article = ExecuteArticle()
        article.add("struct Math {\n    static let all: [Any.Type] = [Add.self, Statistics.self]\n}")
        article.add("extension Math {\n    struct Add {\n        static let wrong: Int = \"one\"\n    }\n}")
        article.add("extension Math {\n    struct Statistics {\n        static let all: [Any.Type] = [Average.self]\n    }\n}")
        article.add(.elided, "extension Math.Statistics {\n    struct Average {}\n}")
        article.add("print(\"fine\")")
        let runs = try run(article)
        #expect(runs.map(\.outcome) == [.compileFailed, .compileFailed, .compileFailed, .compileFailed, .completed])
        let line = article.snippets.map(\.location.line)
        #expect(runs[0].diagnostics.map(\.message) == ["it uses 'Add', declared by the snippet at line \(line[1]), which does not compile"])
        #expect(runs[1].diagnostics.first?.location?.line == article.line(of: "wrong: Int"))
        #expect(runs[2].diagnostics.map(\.message) == ["it uses 'Math', declared by the snippet at line \(line[0]), which does not compile"])
        #expect(runs[3].diagnostics.map(\.message) == ["it uses 'Math', declared by the snippet at line \(line[0]), which does not compile"])
        #expect(runs[3].diagnostics.first?.location?.line == article.line(of: "extension Math.Statistics"))
    }

    @Test("blame never goes round a loop: an elided block and the block that uses its member keep an error of their own")
    func noLoopOfBlame() throws {
        var article = ExecuteArticle()
        article.add("struct Statistics {\n    static let all: [Any.Type] = [Average.self]\n}")
        article.add(.elided, "extension Statistics {\n    struct Average {\n        static let wrong: Int = \"one\"\n    }\n}")
        let runs = try run(article)
        #expect(runs.map(\.outcome) == [.compileFailed, .compileFailed])
        let blamed = runs.map { $0.diagnostics.contains { $0.message.contains("declared by the snippet at line") } }
        #expect(blamed != [true, true], "\(runs.map(\.diagnostics))")
    }

    @Test("a member name another block declares too is not blamed on the broken block")
    func declaredElsewhereToo() throws {
        var article = ExecuteArticle()
        article.add("struct Math {}\nstruct Add {}")
        article.add("extension Math {\n    struct Add {\n        var wrong: Int = \"one\"\n    }\n}")
        article.add("let x: Int = Add()")
        let runs = try run(article)
        #expect(runs[2].outcome == .compileFailed)
        #expect(runs[2].diagnostics.allSatisfy { !$0.message.contains("declared by the snippet") }, "\(runs[2].diagnostics)")
    }
}
