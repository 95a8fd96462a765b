import DocentCore
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Declaration listings through the pipeline: marked by Extract, left out of every program, skipped as
/// "declarations only" in the summary and JUnit, shown with their own label.
@Suite("Declaration listings: extracted, never compiled, counted as skipped")
struct DeclarationListingPipelineTests {
    static let listing = "extension Collection {\n    func chunked(by: (Element, Element) -> Bool) -> [SubSequence]\n}"

    private func snippets(_ body: String) throws -> [SnippetRecord] {
        try SnippetExtractor().extractWithFacts(try parsedArticle(article(body: body)))
    }

    @Test("only a block with no attribute and no output block is read as a listing")
    func extract() throws {
        let found = try snippets("""

            ```swift
            \(Self.listing)
            ```

            ```swift no-run
            \(Self.listing)
            ```

            ```swift compile-fail
            func f()
            ```

            ```swift
            func f()
            ```

            ```output
            ```

            ```swift
            struct P { var x: Int }
            ```

            ```swift
            let x = 1
            ```
            """).map(\.snippet)
        #expect(found.map(\.isDeclarationListing) == [true, false, false, false, false, false])
        #expect(found.map(\.isCompiled) == [false, true, true, true, true, true])
    }

    /// Records the source of every program it is asked to compile; every compile succeeds.
    final class RecordingCompiler: CompilerExecuting, @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [ProgramPlan] = []
        var programs: [ProgramPlan] { lock.withLock { recorded } }

        func compile(_ request: CompileRequest) throws -> CompileOutcome {
            lock.withLock { recorded.append(request.program) }
            return CompileOutcome(succeeded: true, executable: request.program.runs ? "\(request.directory)/\(request.program.name)" : nil)
        }
    }

    /// A program that ends normally after every block, printing nothing.
    struct QuietPrograms: ProgramExecuting {
        func run(_ request: RunRequest) throws -> ProgramOutcome {
            let records = (0..<8).map { "{\"kind\":\"snippet\",\"index\":\($0),\"offset\":0}\n" }.joined()
            return ProgramOutcome(termination: .exited(status: 0), records: records + "{\"kind\":\"end\",\"offset\":0}\n")
        }
    }

    @Test("a listing is in no program: its run is skipped and its verdict says 'declarations only'")
    func neverPlanned() throws {
        let records = try snippets("\n```swift\nlet before = 1\n```\n\n```swift\n\(Self.listing)\n```\n\n```swift\nprint(before)\n```\n")
        #expect(records.map(\.snippet.isDeclarationListing) == [false, true, false])
        let context = PlanContext(settings: ExecutionSettings(), fingerprints: ToolchainFingerprints(compiler: "swift", runtime: "r"),
                                  supportModule: nil)
        let planner = ArticlePlanner(articlePath: "content/x.md", records: records, context: context)
        #expect(planner.initialExclusions() == [1: .ignored])

        let compiler = RecordingCompiler()
        let folder = try TemporaryFolder()
        var resolver = PlanResolver(planner: planner, compiler: compiler, directory: folder.path)
        let runs = try PlanRunner(programs: QuietPrograms(),
                                  environment: ProgramEnvironment(settings: ExecutionSettings(), path: "/usr/bin",
                                                                  libfaketime: "/lib/libfaketime.so.1"),
                                  directory: folder.path).run(&resolver, snippets: planner.snippets)
        #expect(!compiler.programs.isEmpty)
        #expect(compiler.programs.allSatisfy { program in !program.blocks.contains { $0.snippet == 1 } })
        #expect(compiler.programs.allSatisfy { !$0.source.contains("chunked") })
        #expect(runs.map(\.outcome) == [.completed, .skipped, .completed])

        let checked = zip(records, runs).map { CheckedSnippet(snippet: $0.snippet, result: ResultChecker().check($0.snippet, $1)) }
        #expect(checked.map(\.result.status) == [.passed, .ignored, .passed])
        #expect(checked.map(\.skipReason) == [nil, "declarations only", nil])
    }

    @Test("JUnit says why each snippet was skipped; the summary counts listings among the skipped")
    func junit() {
        func checked(_ line: Int, _ mode: Snippet.Mode, listing: Bool = false, _ status: SnippetResult.Status) -> CheckedSnippet {
            var snippet = Snippet(location: SourceLocation(path: "content/a.md", line: line), nodeID: line, mode: mode, lines: [])
            snippet.isDeclarationListing = listing
            return CheckedSnippet(snippet: snippet, result: SnippetResult(status: status))
        }
        let report = TestReport(articles: [.init(path: "content/a.md", snippets: [
            checked(3, .shared, .passed),
            checked(8, .shared, listing: true, .ignored),
            checked(12, .ignore, .ignored),
        ])])
        let xml = JUnitWriter().xml(for: report)
        #expect(xml.contains("<testsuite name=\"content/a.md\" tests=\"3\" failures=\"0\" errors=\"0\" skipped=\"2\">"))
        #expect(xml.contains("<testcase name=\"content/a.md:8\" classname=\"content/a.md\">\n      <skipped message=\"declarations only\"/>"))
        #expect(xml.contains("<testcase name=\"content/a.md:12\" classname=\"content/a.md\">\n      <skipped message=\"ignore: not verified\"/>"))
        #expect(report.summaryLine == "1 passed, 0 failed, 2 skipped (1 declarations only)")

        var manifest = Snippet(location: SourceLocation(path: "content/a.md", line: 20), nodeID: 20, mode: .shared, lines: [])
        manifest.listing = .manifest
        let withManifest = TestReport(articles: [.init(path: "content/a.md", snippets: report.cases + [
            CheckedSnippet(snippet: manifest, result: SnippetResult(status: .ignored)),
        ])])
        #expect(JUnitWriter().xml(for: withManifest).contains("<skipped message=\"package manifest\"/>"))
        #expect(withManifest.summaryLine == "1 passed, 0 failed, 3 skipped (1 declarations only, 1 package manifest)")
    }

    @Test("an article of listings compiles nothing; pages show listings highlighted, labelled, and not as unverified examples")
    func site() throws {
        let folder = try TemporaryFolder().write([
            "content/a.md": article("Design", body: "\n```swift\n\(Self.listing)\n```\n\n```swift\nvar isEmpty: Bool { get }\n```\n"),
            "content/b.md": article("Guide", body: "\n```swift\nlet x = 1\n```\n\n```swift\n\(Self.listing)\n```\n"),
        ])
        let runner = FakeRunner()
        let summary = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: runner)
            .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", templatesDirectory: repositoryTemplates,
                                      outputDirectory: "\(folder.path)/site"))
        #expect(runner.ranArticles == ["\(folder.path)/content/b.md"])
        #expect(summary.snippets.summaryLine == "1 passed, 0 failed, 3 skipped (3 declarations only)")
        let design = try folder.read("site/a/index.html")
        #expect(design.components(separatedBy: "data-status=\"ignored\"").count == 3)
        #expect(design.components(separatedBy: "<span class=\"snippet-label\">Declarations only</span>").count == 3)
        #expect(!design.contains("snippet-problems"))
        #expect(design.contains(">func</span>"), "the code is highlighted")
        let guide = try folder.read("site/b/index.html")
        #expect(guide.contains("1 example ran and passed"))
        #expect(!guide.contains("not verified") && !guide.contains("Not verified"))
    }
}
