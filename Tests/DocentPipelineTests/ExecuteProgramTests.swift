import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Building an article's programs from its snippets (no compiler needed).
@Suite struct ExecuteProgramTests {
    private var article: ExecuteArticle {
        var article = ExecuteArticle()
        article.add("let a = 1\n# let hidden = 2")      // lines 4-5
        article.add(.isolated, "print(\"alone\")")      // line 10
        article.add(.hidden, "let b = a")               // line 15
        article.add(.crash, "fatalError()")             // line 20
        article.add("print(b)")                         // line 25
        return article
    }

    @Test func mainProgramHoldsEverySharedSnippetBehindItsSourceLocation() {
        let program = ArticleProgram.main(articlePath: "content/x.md", snippets: article.snippets)
        #expect(program.snippetIndices == [0, 2, 4])
        #expect(program.source == """
            import PlaygroundRuntime
            #sourceLocation(file: "__docent__", line: 100000000)
            __docent_snippet(0)
            #sourceLocation(file: "content/x.md", line: 4)
            let a = 1
            let hidden = 2
            #sourceLocation(file: "__docent__", line: 100000000)
            __docent_snippet(1)
            #sourceLocation(file: "content/x.md", line: 15)
            let b = a
            #sourceLocation(file: "__docent__", line: 100000000)
            __docent_snippet(2)
            #sourceLocation(file: "content/x.md", line: 25)
            print(b)

            """)
    }

    @Test func crashSnippetRunsAfterTheEarlierSharedSnippets() {
        let program = ArticleProgram.separate(for: 3, articlePath: "content/x.md", snippets: article.snippets)
        #expect(program.snippetIndices == [0, 2, 3])
        #expect(program.source.hasSuffix("#sourceLocation(file: \"content/x.md\", line: 20)\nfatalError()\n"))
    }

    @Test func isolatedSnippetIsAlone() {
        let program = ArticleProgram.separate(for: 1, articlePath: "content/x.md", snippets: article.snippets)
        #expect(program.snippetIndices == [1])
        #expect(!program.source.contains("let a"))
    }

    @Test func gapsInLineNumbersGetTheirOwnSourceLocation() {
        let snippet = Snippet(location: SourceLocation(path: "a.md", line: 1), nodeID: 0, mode: .shared,
                              lines: [.init(number: 2, code: "let a = 1", isHidden: false),
                                      .init(number: 5, code: "let b = 2", isHidden: false)])
        let source = ArticleProgram.main(articlePath: "a.md", snippets: [snippet]).source
        #expect(source.contains("line: 2)\nlet a = 1\n#sourceLocation(file: \"a.md\", line: 5)\nlet b = 2"))
    }

    @Test func pathIsQuotedAsASwiftString() {
        #expect(ArticleProgram.quoted(#"content/say "hi"\.md"#) == #""content/say \"hi\"\\.md""#)
    }

    @Test func compilerArgumentsUseThePlaygroundTransformAndTheModules() {
        let arguments = SwiftCompiler.programArguments(
            main: "/t/main.swift", output: "/t/main", swiftVersion: 6,
            modules: [.init(name: "PlaygroundRuntime", directory: "/c/rt"), .init(name: "Support", directory: "/c/s")])
        #expect(arguments == ["-module-name", "main", "-swift-version", "6", "-Xfrontend", "-playground",
                              "-Xfrontend", "-pc-macro",
                              "-Xfrontend", "-playground-option", "-Xfrontend", "NoFunctionParameters",
                              "-diagnostic-style", "llvm",
                              "-I", "/c/rt", "-L", "/c/rt", "-lPlaygroundRuntime", "-I", "/c/s", "-L", "/c/s", "-lSupport",
                              "/t/main.swift", "-o", "/t/main"])
        let check = SwiftCompiler.programArguments(main: "/t/m.swift", output: nil, swiftVersion: 5, modules: [])
        #expect(check.suffix(4) == ["-emit-sil", "/t/m.swift", "-o", "/dev/null"])
    }

    @Test func programEnvironmentFreezesTheClockWithLibfaketime() throws {
        var settings = ExecutionSettings(timeZone: "America/New_York", locale: "en_US")
        settings.now = Date(timeIntervalSince1970: 1_422_505_740)
        let environment = ProgramEnvironment(settings: settings, path: "/usr/bin", libfaketime: "/lib/libfaketime.so.1",
                                             supportModule: "TutorialSupport")
        let variables = try environment.variables(resultsFile: "/t/r", directory: "/t", snippetCount: 2)
        #expect(variables["TZ"] == "America/New_York")
        #expect(variables["DOCENT_LOCALE"] == "en_US")
        #expect(variables["LD_PRELOAD"] == "/lib/libfaketime.so.1")
        #expect(variables["FAKETIME"] == "@1422505740")
        #expect(variables["FAKETIME_FMT"] == "%s")
        #expect(variables["DOCENT_MODULES"] == "TutorialSupport")
        #expect(variables["DOCENT_OUTPUT_LIMIT"] == "65536")

        let missing = ProgramEnvironment(settings: settings, path: "/usr/bin", libfaketime: nil, supportModule: nil)
        #expect(throws: ProgramEnvironment.MissingLibfaketime.self) {
            try missing.variables(resultsFile: "/t/r", directory: "/t", snippetCount: 1)
        }
        let realClock = ProgramEnvironment(settings: ExecutionSettings(), path: "/usr/bin", libfaketime: nil, supportModule: nil)
        #expect(try realClock.variables(resultsFile: "/t/r", directory: "/t", snippetCount: 1)["LD_PRELOAD"] == nil)
    }

    @Test func stableHashIsStableAndSeparatesParts() {
        #expect(StableHash.of(["a"]) == StableHash.of(["a"]))
        #expect(StableHash.of(["ab", "c"]) != StableHash.of(["a", "bc"]))
        #expect(StableHash.of([]).count == 16)
    }
}
