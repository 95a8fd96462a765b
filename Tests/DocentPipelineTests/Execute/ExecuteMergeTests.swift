import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Merged builds: several articles' programs linked into one executable give every article the results it gets
/// with each program linked apart (`--no-merge`), and a neighbour's failure stays with its own article.
@Suite(.tags(.compiler, .sandbox)) struct ExecuteMergeTests {
    /// Each article's runs and what the run started, merged or not.
    private struct Batch {
        var runs: [String: [SnippetRun]]
        var counts: ExecutionCounts
        var merged: Int
    }

    /// Prepares the tools, compiles what merges ahead (when `merges`), then runs each article as `ExecuteStage` does;
    /// `damage` may change what merging made before the articles run.
    private func run(_ articles: [String: ExecuteArticle], merges: Bool, settings: ExecutionSettings = ExecutionSettings(),
                     damage: (inout [String: MergedProgram]) -> Void = { _ in }) throws -> Batch {
        var environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        environment.cacheDirectory = FileManager().temporaryDirectory.appendingPathComponent("docent-test-cache").path
        environment.merges = merges
        let prepared = try ToolchainBuilder(environment: environment).prepared(supportModule: nil, sources: [])
        let jobs = articles.keys.sorted().map { path in Self.job(articles[path]!, at: path, settings: settings) }
        var batch = try prepared.merging(jobs, workers: 2)
        if var merged = batch as? PreparedToolchain {
            damage(&merged.merged)
            batch = merged
        }
        defer { batch.finish() }
        var runs: [String: [SnippetRun]] = [:]
        for job in jobs { runs[job.articlePath] = try batch.runs(job) }
        return Batch(runs: runs, counts: prepared.counts, merged: (batch as? PreparedToolchain)?.merged.count ?? 0)
    }

    /// The article's job as if it were at `path`.
    private static func job(_ article: ExecuteArticle, at path: String, settings: ExecutionSettings) -> ArticleJob {
        var job = article.job(settings: settings)
        job.articlePath = path
        for index in job.snippets.indices { job.snippets[index].snippet.location.path = path }
        return job
    }

    private static func article(_ snippets: String...) -> ExecuteArticle {
        var article = ExecuteArticle()
        for snippet in snippets { article.add(snippet) }
        return article
    }

    @Test func twoArticlesDeclaringTheSameNamesAreLinkedOnceAndBothAreRight() throws {
        let articles = [
            "content/a.md": Self.article("struct Point { var x = 1 }\nfunc helper() -> Int { 41 }\nlet total = helper() + Point().x",
                                         "print(total, Point())"),
            "content/b.md": Self.article("struct Point { var y = \"b\" }\nfunc helper() -> String { \"two\" }\nprint(helper(), Point().y)"),
        ]
        let batch = try run(articles, merges: true)
        #expect(batch.merged == 2)
        #expect(batch.counts.links == 1, "one link for both articles")
        #expect(batch.counts.compiles == 2, "each program compiled once, as an object; nothing compiled again")
        #expect(batch.counts.runs == 2)
        #expect(batch.runs["content/a.md"]?.map(\.output) == ["", "42 Point(x: 1)\n"])
        #expect(batch.runs["content/a.md"]?[0].values.map(\.text) == ["41", "42"])
        #expect(batch.runs["content/b.md"]?.map(\.output) == ["two b\n"])
    }

    @Test func sandboxedCompilesShareOneSandboxPerWorker() throws {
        var articles: [String: ExecuteArticle] = [:]
        for number in 1...4 { articles["content/n\(number).md"] = Self.article("print(\(number) * 10)") }
        let batch = try run(articles, merges: true)
        #expect(batch.merged == 4)
        #expect(batch.counts.compiles == 4)
        #expect(batch.runs.keys.sorted().map { batch.runs[$0]?.first?.output } == ["10\n", "20\n", "30\n", "40\n"])
        if batch.counts.sandboxed {
            #expect(batch.counts.sandboxStarts == 2 + 1 + 4, "a sandbox for each of the 2 workers' compiles, the link, the runs")
            #expect(batch.counts.driverless == 4, "each compile of a batch starts the frontend without the driver")
        }
    }

    @Test func expectedCompileFailuresAreCheckedInTheMergedBuildsSandboxes() throws {
        // A compile-fail block, and a line marked as an error: its article's first program fails as the author said,
        // and the program it then runs, without that line, is already merged.
        var article = ExecuteArticle()
        article.add("let base = 40")
        article.add(.compileFail(message: nil), "let fixed = 1\nfixed = 2")
        article.add("let name = \"a\"\nname = \"b\"\nprint(base + 2)")
        let marked = article.line(of: "name = \"b\"")
        article.snippets[2].markedErrors = [Snippet.MarkedError(line: marked, commentLine: marked, column: 12, text: "Error")]
        let articles = ["content/m1.md": article, "content/m2.md": article]
        let merged = try run(articles, merges: true)
        let apart = try run(articles, merges: false)
        for path in articles.keys { #expect(merged.runs[path] == apart.runs[path], "\(path)") }
        #expect(merged.runs["content/m1.md"]?.map(\.outcome) == [.completed, .compileFailed, .completed])
        #expect(merged.runs["content/m1.md"]?[2].output == "42\n")
        #expect(merged.runs["content/m1.md"]?[2].diagnostics.map(\.location?.line) == [marked])
        // Per article: the compile-fail block and the marked program type-checked ahead, the program without the
        // marked line merged; apart, the same three compiles, each in a sandbox of its own.
        #expect(merged.counts.compiles == 6)
        #expect(merged.counts.links == 1)
        #expect(apart.counts.compiles == 6)
        if merged.counts.sandboxed {
            #expect(merged.counts.sandboxStarts == 2 + 1 + 2, "the 2 workers' sandboxes, the link, the runs")
            #expect(apart.counts.sandboxStarts == 6 + 2)
            // The expected failures type-checked by the frontend alone still fail on their own lines (above).
            #expect(merged.counts.driverless == 6)
            #expect(apart.counts.driverless == 0)
        }
    }

    @Test func whatShowsAModuleNameIsTheSameMergedAndApart() throws {
        let shows = Self.article("""
            struct Point { var x = 1 }
            class Box { var point = Point() }
            dump(Point())
            print(String(reflecting: Point.self), type(of: Point()), [Point()], Optional(Point()), Box())
            print(#fileID)
            """, "let numbers = [1, 2]\nprint(numbers[5])", "print(\"after\")", "fatalError(\"stopped here\")")
        let neighbour = Self.article("struct Point { var x = 2 }\ndump(Point())")
        let articles = ["content/shows.md": shows, "content/neighbour.md": neighbour]
        let merged = try run(articles, merges: true)
        let apart = try run(articles, merges: false)
        #expect(merged.merged >= 2, "the programs merged")
        #expect(apart.counts.links == 0)
        #expect(merged.runs == apart.runs)
        #expect(merged.runs["content/shows.md"]?[0].output
                == "▿ main.Point\n  - x: 1\nmain.Point Point [main.Point(x: 1)] Optional(main.Point(x: 1)) main.Box\nmain/shows.md\n")
        guard case .trapped(let message)? = merged.runs["content/shows.md"]?[3].outcome else {
            Issue.record("the fatalError should trap: \(String(describing: merged.runs["content/shows.md"]?[3]))")
            return
        }
        #expect(message.contains("stopped here"))
    }

    @Test func aNeighbourThatFailsTrapsExitsLoopsOrFloodsChangesNoOtherArticle() throws {
        let articles = [
            "content/good.md": Self.article("var sum = 0\nfor i in 1...10 { sum += i }\nprint(sum)", "print(sum * 2)"),
            "content/broken.md": Self.article("let x: Int = \"no\"", "print(\"still runs\")"),
            "content/traps.md": Self.article("let empty: [Int] = []\nprint(empty[1])", "print(\"next\")"),
            "content/exits.md": Self.article("import Foundation\nprint(\"bye\")\nexit(3)", "print(\"never\")"),
            "content/loops.md": Self.article("var n = 0\nwhile true { n &+= 1 }"),
            "content/floods.md": Self.article("for _ in 0..<1_000_000 { print(\"flood flood flood flood\") }"),
        ]
        let settings = ExecutionSettings(timeLimit: 2, outputLimit: 4096)
        let merged = try run(articles, merges: true, settings: settings)
        let apart = try run(articles, merges: false, settings: settings)
        #expect(merged.counts.links == 1, "Foundation, which every program loads with the runtime, does not split them")
        #expect(merged.runs["content/good.md"]?.map(\.output) == ["55\n", "110\n"])
        #expect(merged.runs["content/broken.md"]?[0].outcome == .compileFailed)
        #expect(merged.runs["content/broken.md"]?[1].output == "still runs\n")
        for path in articles.keys.sorted() where path != "content/loops.md" {
            #expect(merged.runs[path] == apart.runs[path], "\(path)")
        }
        #expect(merged.runs["content/loops.md"]?.map(\.outcome) == apart.runs["content/loops.md"]?.map(\.outcome))
    }

    @Test func programsImportingALibraryTheOthersDoNotLoadLinkApart() throws {
        let articles = [
            "content/plain.md": Self.article("import Foundation\nprint(\"plain\")"),
            "content/network.md": Self.article("import Foundation\nimport FoundationNetworking\nprint(URLRequest(url: URL(string: \"https://example.com\")!).httpMethod ?? \"\")"),
        ]
        let batch = try run(articles, merges: true)
        #expect(batch.merged == 2)
        #expect(batch.counts.links == 2)
        #expect(batch.runs["content/plain.md"]?.first?.output == "plain\n")
        #expect(batch.runs["content/network.md"]?.first?.output == "GET\n", "\(String(describing: batch.runs["content/network.md"]))")
    }

    @Test func aProgramThatLooksATypeUpByNameIsNotMerged() throws {
        let articles = [
            "content/first.md": Self.article("class K { var mine = \"first\" }\nprint(K().mine)"),
            "content/lookup.md": Self.article("import Foundation\nclass K: NSObject { var mine = \"lookup\" }\n"
                                              + "print(NSClassFromString(\"main.K\") == K.self)"),
            "content/second.md": Self.article("print(2)"),
        ]
        let batch = try run(articles, merges: true)
        #expect(batch.merged == 2, "only the programs that look nothing up by name")
        #expect(batch.runs["content/first.md"]?.first?.output == "first\n")
        #expect(batch.runs["content/lookup.md"]?.first?.output == "true\n", "it finds its own K")
        if batch.counts.sandboxed {
            // It links apart, but in a batch's sandbox while the other compiles, not in one of its own after the link.
            #expect(batch.counts.compiles == 3)
            #expect(batch.counts.sandboxStarts == 2 + 1 + 3, "the 2 workers' sandboxes, the link, the runs")
        }
    }

    @Test func aProgramLinkedApartAheadGivesWhatItsOwnCompileGives() throws {
        let articles = [
            "content/first.md": Self.article("print(\"first\")"),
            "content/lookup.md": Self.article("import Foundation\nclass K: NSObject { var mine = \"lookup\" }\n"
                                              + "print(NSClassFromString(\"main.K\") == K.self)", "let broken: Int = \"x\"",
                                              "print(K().mine)"),
        ]
        let merged = try run(articles, merges: true)
        let apart = try run(articles, merges: false)
        for path in articles.keys { #expect(merged.runs[path] == apart.runs[path], "\(path)") }
        #expect(merged.runs["content/lookup.md"]?.map(\.outcome) == [.completed, .compileFailed, .completed])
        #expect(merged.runs["content/lookup.md"]?[1].diagnostics.first?.location?.line
                == articles["content/lookup.md"]?.line(of: "let broken"))
    }

    @Test func aGroupWhoseLinkFailsFallsBackForTheProgramsTheLinkerNamed() throws {
        // It compiles, exports nothing of another's, and names a function no library defines: only the link fails.
        let missing = "@_silgen_name(\"docent_test_defined_nowhere\") func missing()\nif CommandLine.arguments.count > 99 { missing() }\n"
        let articles = [
            "content/one.md": Self.article(missing + "print(\"one\")"),
            "content/two.md": Self.article("print(\"two\")"),
            "content/three.md": Self.article("print(\"three\")"),
        ]
        let batch = try run(articles, merges: true)
        #expect(batch.counts.links == 2, "linked again without the program the linker named")
        #expect(batch.merged == 2)
        #expect(batch.runs["content/one.md"]?.first?.outcome == .compileFailed, "apart, its own link fails, on its article")
        #expect(batch.runs["content/two.md"]?.map(\.output) == ["two\n"])
        #expect(batch.runs["content/three.md"]?.map(\.output) == ["three\n"])
    }

    /// In one executable, a C name one program defines is what every program's calls to it bind to: such a program
    /// is never merged, so a neighbour cannot answer another article's calls (`ObjectSymbols`).
    @Test func aProgramDefiningACNameIsNotMergedSoItCannotAnswerItsNeighboursCalls() throws {
        let articles = [
            "content/forger.md": Self.article("import Glibc\n@_cdecl(\"getpid\") func fake() -> Int32 { 4242 }\nprint(\"forger\")"),
            "content/victim.md": Self.article("import Glibc\nprint(getpid() == 4242 ? \"forged\" : \"real\")"),
            "content/other.md": Self.article("print(\"other\")"),
        ]
        let batch = try run(articles, merges: true)
        #expect(batch.merged == 2, "the victim and the other merge; the forger compiles apart")
        #expect(batch.runs["content/victim.md"]?.map(\.output) == ["real\n"])
        #expect(batch.runs["content/forger.md"]?.map(\.output) == ["forger\n"])
    }

    @Test func aMergedExecutableThatDoesNotStartTheProgramFallsBackToCompilingItApart() throws {
        let articles = ["content/a.md": Self.article("let word = \"apart\"", "print(word)")]
        let batch = try run(articles, merges: true) { merged in
            for key in merged.keys { merged[key]?.entry = "knothere" }
        }
        #expect(batch.merged == 1)
        #expect(batch.runs["content/a.md"]?.map(\.output) == ["", "apart\n"])
        #expect(batch.runs["content/a.md"]?[0].values.map(\.text) == ["\"apart\""])
        #expect(batch.counts.compiles == 2, "compiled once more, apart")
        #expect(batch.counts.runs == 2, "the merged run that did not start, then the program's own")
    }

    @Test func theModuleNameIsPatchedOnlyWhenItIsThereOnce() {
        let name = Array(MergedDispatcher.abiName("k1").utf8)
        let once = Data([7, 0] + name + [0, 9])
        #expect(MergedObject.patch(once, entry: "k1") == Data([7, 0] + Array("main".utf8) + Array(repeating: 0, count: name.count - 3) + [9]))
        #expect(MergedObject.patch(Data([0] + name + [0] + name + [0]), entry: "k1") == nil)
        let longer = Data([0] + name + Array("2".utf8) + [0])
        #expect(MergedObject.patch(longer, entry: "k1") == longer, "another program's longer name is not this one")
    }
}

/// The object reader behind merging's symbol check reads what the compiler wrote for a program it did not trust:
/// anything malformed is `nil` (the program compiles apart), never a crash.
@Suite struct ObjectSymbolsTests {
    /// An ELF64 little-endian header claiming `sections` section headers of 64 bytes at `offset`.
    static func header(offset: UInt64, sections: UInt16) -> Data {
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        for index in 0..<8 { bytes[0x28 + index] = UInt8(truncatingIfNeeded: offset >> (8 * UInt64(index))) }
        bytes[0x3A] = 64
        bytes[0x3C] = UInt8(sections & 0xFF)
        bytes[0x3D] = UInt8(sections >> 8)
        return Data(bytes)
    }

    @Test func malformedObjectsAreNotReadAndNeverMerge() {
        #expect(ObjectSymbols.exported(in: Data()) == nil)
        #expect(ObjectSymbols.exported(in: Data("not an object".utf8)) == nil)
        #expect(ObjectSymbols.exported(in: Self.header(offset: 1 << 40, sections: 3)) == nil, "section table past the end")
        #expect(ObjectSymbols.exported(in: Self.header(offset: UInt64.max, sections: 1)) == nil, "an offset no Int holds")
        #expect(ObjectSymbols.exported(in: Self.header(offset: UInt64(Int.max) - 8, sections: 9)) == nil, "offsets that would overflow")
        #expect(ObjectSymbols.exported(in: Self.header(offset: 0, sections: 0)) == [], "no sections, nothing defined")
        #expect(!ObjectSymbols.staysInItsModule(Data("junk".utf8), entry: "k1"))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var bytes = [UInt8](Self.header(offset: 64, sections: UInt16.random(in: 0...8, using: &random)))
            bytes += (0..<UInt8.random(in: 0...255, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = ObjectSymbols.exported(in: Data(bytes))
        }
    }
}
