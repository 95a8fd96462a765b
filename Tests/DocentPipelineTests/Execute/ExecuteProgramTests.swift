import DocentCore
import DocentSwift
import Foundation
import Testing
@testable import DocentExecute
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

    private func planner(_ article: ExecuteArticle, facts: [Int: BlockFacts] = [:]) -> ArticlePlanner {
        ArticlePlanner(articlePath: "content/x.md",
                       records: article.snippets.indices.map { SnippetRecord(snippet: article.snippets[$0], facts: facts[$0] ?? BlockFacts()) },
                       context: PlanContext(settings: ExecutionSettings(), fingerprints: ToolchainFingerprints(compiler: "swift", runtime: "r"),
                                            supportModule: nil))
    }

    @Test func theSharedProgramHoldsEverySharedSnippetNumberedBySnippet() {
        let plan = planner(article).plan(excluding: [:])
        let shared = plan.programs[0]
        #expect(shared.kind == .shared(segment: 0))
        #expect(shared.targets == [0, 2, 4])
        #expect(shared.source == """
            import PlaygroundRuntime
            #sourceLocation(file: "__docent__", line: 1)
            __docent_start()
            #sourceLocation(file: "__docent__", line: 1)
            __docent_snippet(0)
            #sourceLocation(file: "content/x.md", line: 100001)
            let a = 1
            let hidden = 2
            #sourceLocation(file: "__docent__", line: 1)
            __docent_snippet(1)
            #sourceLocation(file: "content/x.md", line: 300001)
            let b = a
            #sourceLocation(file: "__docent__", line: 1)
            __docent_snippet(2)
            #sourceLocation(file: "content/x.md", line: 500001)
            print(b)
            #sourceLocation(file: "__docent__", line: 1)


            """)
    }

    @Test func editingProseDoesNotChangeThePlan() {
        var moved = ExecuteArticle(firstLine: 40)
        moved.add("let a = 1\n# let hidden = 2")
        moved.add(.isolated, "print(\"alone\")")
        moved.add(.hidden, "let b = a")
        moved.add(.crash, "fatalError()")
        moved.add("print(b)")
        #expect(moved.snippets[0].location.line != article.snippets[0].location.line)
        #expect(planner(moved).plan(excluding: [:]) == planner(article).plan(excluding: [:]))
    }

    @Test func crashSnippetRunsAfterTheEarlierSharedSnippetsAsContext() {
        let program = planner(article).ownProgram(for: 3, excluding: [:])
        #expect(program.blocks == [.init(snippet: 0, isTarget: false), .init(snippet: 2, isTarget: false),
                                   .init(snippet: 3, isTarget: true)])
        #expect(program.runs)
        #expect(program.source.contains("#sourceLocation(file: \"content/x.md\", line: 400001)\nfatalError()\n"))
    }

    @Test func isolatedSnippetIsAlone() {
        let program = planner(article).ownProgram(for: 1, excluding: [:])
        #expect(program.blocks == [.init(snippet: 1, isTarget: true)])
        #expect(!program.source.contains("let a"))
    }

    @Test func aSnippetThatRedeclaresANameOpensAScopeThatStaysOpen() {
        var article = ExecuteArticle()
        article.add("var total = 0")
        article.add("total += 1")
        article.add("var total = 10")
        article.add("let more = total")
        var first = BlockFacts(), third = BlockFacts(), fourth = BlockFacts()
        first.valueNames = ["total"]
        third.valueNames = ["total"]
        fourth.valueNames = ["more"]
        let source = planner(article, facts: [0: first, 2: third, 3: fourth]).plan(excluding: [:]).programs[0].source
        let lines = source.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == "do {" }.count == 1)
        #expect(lines.firstIndex(of: "do {")! < lines.firstIndex(of: "var total = 10")!)
        #expect(lines.firstIndex(of: "do {")! > lines.firstIndex(of: "total += 1")!)
        #expect(lines.last == "}")
    }

    @Test func fileScopeDeclarationsMoveToTheTopKeepingLineAndColumn() {
        var article = ExecuteArticle()
        article.add("let x = 1\nprotocol Named { var name: String { get } }")
        var facts = BlockFacts()
        let code = article.snippets[0].compiledCode
        let start = code.utf8.count - "protocol Named { var name: String { get } }".utf8.count
        facts.fileScope = [.init(start: start, end: code.utf8.count, line: 2, column: 1, keys: ["protocol:Named"])]
        let source = planner(article, facts: [0: facts]).plan(excluding: [:]).programs[0].source
        #expect(source.hasPrefix("""
            import PlaygroundRuntime
            #sourceLocation(file: "__docent__", line: 1)
            __docent_start()
            #sourceLocation(file: "content/x.md", line: 100002)
            protocol Named { var name: String { get } }
            """))
        #expect(source.contains("let x = 1\n" + String(repeating: " ", count: 43) + "\n"), "blanked where it was, line kept")
    }

    @Test func clashingFileScopeDeclarationsStartANewSegment() {
        var article = ExecuteArticle()
        article.add("protocol Shape {}")
        article.add("let a = 1")
        article.add("protocol Shape { var area: Double { get } }")
        func facts(_ code: String) -> BlockFacts {
            var facts = BlockFacts()
            facts.fileScope = [.init(start: 0, end: code.utf8.count, line: 1, column: 1, keys: ["protocol:Shape"])]
            return facts
        }
        let plan = planner(article, facts: [0: facts("protocol Shape {}"),
                                            2: facts("protocol Shape { var area: Double { get } }")]).plan(excluding: [:])
        #expect(plan.programs.map(\.targets) == [[0, 1], [2]])
        #expect(plan.programs[1].blocks.filter { !$0.isTarget }.map(\.snippet) == [0, 1])
        #expect(!plan.programs[1].source.contains("protocol Shape {}"), "the earlier declaration gives way to the later one")
    }

    @Test func aTypeDeclaredAgainStartsANewSegmentWhoseProgramDropsTheEarlierOne() {
        var article = ExecuteArticle()
        article.add("struct Point { var x = 1 }\nlet p = Point()")
        article.add("struct Point { var x = 1; var y = 2 }")
        func facts(_ code: String, declaration: String) -> BlockFacts {
            var facts = BlockFacts()
            facts.locals = [.init(start: 0, end: declaration.utf8.count, line: 1, column: 1, keys: ["type:Point"],
                                  names: ["Point"])]
            facts.valueNames = ["Point"]
            return facts
        }
        let plan = planner(article, facts: [0: facts(article.snippets[0].compiledCode, declaration: "struct Point { var x = 1 }"),
                                            1: facts(article.snippets[1].compiledCode, declaration: "struct Point { var x = 1; var y = 2 }")])
            .plan(excluding: [:])
        #expect(plan.programs.map(\.targets) == [[0], [1]])
        #expect(plan.programs[0].source.contains("struct Point { var x = 1 }"))
        #expect(!plan.programs[1].source.contains("struct Point { var x = 1 }\n"), "the earlier declaration is replaced")
        #expect(plan.programs[1].source.contains("let p = Point()"), "the earlier code stays, using the new type")
        #expect(!plan.programs[1].source.contains("do {"), "a replaced type opens no scope")
    }

    @Test func aSnippetThatTrappedIsCutAtTheTrappingStatementKeepingItsTypesAndFunctions() {
        var article = ExecuteArticle()
        article.add("let a = 1\nlet b = [Int]()[0]\nlet c = 3\nfunc f() -> Int { 4 }\nprint(c)")
        article.add("print(a, f())")
        var facts = BlockFacts()
        let code = article.snippets[0].compiledCode
        let functionStart = code.utf8.count - "func f() -> Int { 4 }\nprint(c)".utf8.count
        facts.locals = [.init(start: 0, end: 9, line: 1, column: 1, keys: [], names: ["a"], isValue: true),
                        .init(start: 10, end: 28, line: 2, column: 1, keys: [], names: ["b"], isValue: true),
                        .init(start: 29, end: 38, line: 3, column: 1, keys: [], names: ["c"], isValue: true),
                        .init(start: functionStart, end: functionStart + 21, line: 4, column: 1, keys: [], names: ["f"])]
        let plan = planner(article, facts: [0: facts]).plan(excluding: [:], adjustments: PlanAdjustments(trapped: [0: .init(line: 2, column: 1)]))
        #expect(plan.programs.map(\.name) == ["shared0-after0"])
        #expect(plan.programs[0].targets == [1])
        let source = plan.programs[0].source
        #expect(source.contains("let a = 1\n" + String(repeating: " ", count: 18) + "\n" + String(repeating: " ", count: 9)
                                + "\nfunc f() -> Int { 4 }\n" + String(repeating: " ", count: 8) + "\n"))
    }

    @Test func aPropertyAssignmentIsLoggedByItsValueAndAStatementEndsItsTemporaries() {
        var article = ExecuteArticle()
        article.add("let f = Thing()\nf.name = \"x\"\nprint(f)")
        var facts = BlockFacts()
        facts.edits = [.init(start: 16, end: 25, text: "(f.name)=")]
        facts.scopedStatements = [.init(start: 16, startLine: 2, endLine: 2)]
        let program = planner(article, facts: [0: facts]).plan(excluding: [:]).programs[0]
        #expect(program.source.contains("""
            let f = Thing()
            #sourceLocation(file: "__docent__", line: 1)
            do {
            #sourceLocation(file: "content/x.md", line: 100002)
            (f.name)="x"
            #sourceLocation(file: "__docent__", line: 1)
            }
            #sourceLocation(file: "content/x.md", line: 100003)
            print(f)
            """))
        #expect(program.hiddenSites == [])
        let plain = planner(article, facts: [0: facts]).plan(excluding: [:], recordsAssignments: false).programs[0]
        #expect(plain.source.contains("let f = Thing()\nf.name = \"x\"\nprint(f)"))
    }

    @Test func aSnippetWhoseErrorNamesWhatALeftOutSnippetDeclaredDependsOnIt() {
        var article = ExecuteArticle()
        article.add("let names = [1]")          // 0: broken, left out
        article.add("let count = names.count")  // 1: fails without it
        article.add("let names = [2]\nnames")   // 2: declares names itself
        article.add("func log(_ message: String) { print(message) }") // 3: its own 'message'
        func facts(declares: Set<String>) -> BlockFacts {
            var facts = BlockFacts()
            facts.declaredNames = declares
            return facts
        }
        let planner = planner(article, facts: [0: facts(declares: ["names", "message"]), 1: facts(declares: ["count"]),
                                               2: facts(declares: ["names"]), 3: facts(declares: ["log"])])
        let excluded: [Int: Exclusion] = [0: .failed([])]
        let missing = Diagnostic.error(DiagnosticID("test.fixture"), at: nil, "cannot find 'names' in scope")
        #expect(planner.exclusion(for: 1, errors: [missing], excluding: excluded) == .dependsOn(line: 3, name: "names"))
        #expect(planner.exclusion(for: 2, errors: [missing], excluding: excluded) == .failed([missing]),
                "a snippet that declares the name itself fails with its own error")
        let other = Diagnostic.error(DiagnosticID("test.fixture"), at: nil, "cannot convert value of type 'String' to expected argument type 'Int'")
        #expect(planner.exclusion(for: 3, errors: [other], excluding: excluded) == .failed([other]))
    }

    @Test func placeholdersReservedNamesAndIgnoredSnippetsAreLeftOutBeforeCompiling() {
        var article = ExecuteArticle()
        article.add("let x = <#value#>")
        article.add("func __docent_snippet(_ i: Int) {}")
        article.add(.ignore, "UIView()")
        article.snippets[0].placeholder = SourceLocation(path: "content/x.md", line: 4, column: 9)
        var reserved = BlockFacts()
        reserved.reservedUses = [.init(name: "__docent_snippet", position: .init(line: 1, column: 6))]
        let excluded = planner(article, facts: [1: reserved]).initialExclusions()
        #expect(excluded[0] == .placeholder(SourceLocation(path: "content/x.md", line: 4, column: 9)))
        #expect(excluded[2] == .ignored)
        guard case .failed(let diagnostics) = excluded[1] else { Issue.record("not failed"); return }
        #expect(diagnostics.first?.location == SourceLocation(path: "content/x.md", line: 9, column: 6))
        #expect(diagnostics.map(\.id) == [ExecuteDiagnostics.ID.reservedName])
    }

    @Test func aSnippetWithALinkerAttributeIsLeftOutWithAnErrorAtEachAttribute() {
        var article = ExecuteArticle()
        article.add("let fine = 1")
        article.add("@_section(\".swift1_autolink_entries\") @_used\nlet entry = (45, 0)")
        var facts = BlockFacts()
        facts.linkerAttributes = [.init(name: "@_section", position: .init(line: 1, column: 1)),
                                  .init(name: "@_used", position: .init(line: 1, column: 39))]
        let excluded = planner(article, facts: [1: facts]).initialExclusions()
        #expect(excluded[0] == nil)
        guard case .failed(let diagnostics) = excluded[1] else { Issue.record("not failed"); return }
        #expect(diagnostics.map(\.location) == [SourceLocation(path: "content/x.md", line: 9, column: 1),
                                                SourceLocation(path: "content/x.md", line: 9, column: 39)])
        #expect(diagnostics.map(\.id) == [ExecuteDiagnostics.ID.linkerAttribute, ExecuteDiagnostics.ID.linkerAttribute])
    }

    @Test func aSupportFileWithALinkerAttributeIsAnErrorAtIt() {
        let sources = [SupportSource(path: "content/_support/Evil.swift", text: "public let ok = 1\n  @_used public let x = 1\n")]
        let error = #expect(throws: DiagnosticError.self) { try ModuleBuilder.refuseLinkerAttributes(in: sources) }
        #expect(error?.diagnostics == [.error(ToolchainDiagnostics.ID.supportLinkerAttribute,
                                              at: SourceLocation(path: "content/_support/Evil.swift", line: 2, column: 3),
                                              "'@_used' is not allowed in a support file: it can pass options to the linker",
                                              notes: ["remove it"])])
    }

    @Test func pathIsQuotedAsASwiftString() {
        #expect(SwiftStringLiteral.quoted(#"content/say "hi"\.md"#) == #""content/say \"hi\"\\.md""#)
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
                              "-Xlinker", "--undefined=timerfd_settime", "-Xlinker", "--export-dynamic-symbol=timerfd_settime",
                              "/t/main.swift", "-o", "/t/main"])
        let check = SwiftCompiler.programArguments(main: "/t/m.swift", output: nil, swiftVersion: 5, modules: [])
        #expect(check.suffix(4) == ["-emit-sil", "/t/m.swift", "-o", "/dev/null"])
        #expect(!check.contains("-Xlinker"), "a check links nothing")
    }

    @Test func programEnvironmentFreezesTheClockWithLibfaketime() throws {
        var settings = ExecutionSettings(timeZone: "America/New_York", locale: "en_US")
        settings.now = Date(timeIntervalSince1970: 1_422_505_740)
        let environment = ProgramEnvironment(settings: settings, path: "/usr/bin", libfaketime: "/lib/libfaketime.so.1")
        let variables = try environment.variables(directory: "/t", snippetCount: 2)
        #expect(variables["TZ"] == "America/New_York")
        #expect(variables["DOCENT_LOCALE"] == "en_US")
        #expect(variables["LD_PRELOAD"] == "/lib/libfaketime.so.1")
        #expect(variables["FAKETIME"] == "1422505740", "no `@`: the clock is frozen, not started there")
        #expect(variables["FAKETIME_FMT"] == "%s")
        #expect(variables["SWIFT_DETERMINISTIC_HASHING"] == "1")
        #expect(variables["DOCENT_RESULTS"] == nil, "no results file: records reach Docent through its channel")
        #expect(variables["DOCENT_OUTPUT_LIMIT"] == nil, "Docent holds the program to its output limit")

        let missing = ProgramEnvironment(settings: settings, path: "/usr/bin", libfaketime: nil)
        #expect(throws: ProgramEnvironment.MissingLibfaketime.self) {
            try missing.variables(directory: "/t", snippetCount: 1)
        }
        let realClock = ProgramEnvironment(settings: ExecutionSettings(), path: "/usr/bin", libfaketime: nil)
        #expect(try realClock.variables(directory: "/t", snippetCount: 1)["LD_PRELOAD"] == nil)
    }

    @Test func stableHashIsStableAndSeparatesParts() {
        #expect(StableHash.of(["a"]) == StableHash.of(["a"]))
        #expect(StableHash.of(["ab", "c"]) != StableHash.of(["a", "bc"]))
        #expect(StableHash.of([]).count == 16)
    }
}
