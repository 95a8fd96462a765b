import DocentCore
import Foundation
import Testing
import DocentExecute
@testable import DocentPipeline

@Suite("ResultChecker in the pipeline: build and test with a fake runner")
struct ResultCheckerPipelineTests {
    static let broken = article("Broken", body: "```swift\nlet items: [Int] = []\n_ = items[1]\n```\n")
    static let fine = article("Fine", body: "```swift\nprint(\"hi\")\n```\n\n```output\nhi\n```\n\n```swift ignore\nUIView()\n```\n")

    func folder() throws -> TemporaryFolder {
        try TemporaryFolder().write(["content/a.md": Self.broken, "content/b.md": Self.fine,
                                     "content/site.yml": "support-module: Help\ntime-limit: 2.5\noutput-limit: 100\n",
                                     "content/_support/Help.swift": "public let help = 1\n"])
    }

    func runner(_ folder: TemporaryFolder) -> FakeRunner {
        let trap = Diagnostic.error(ExecuteDiagnostics.ID.trap, at: SourceLocation(path: "\(folder.path)/content/a.md", line: 7),
                                    "Fatal error: Index out of range")
        return FakeRunner(["\(folder.path)/content/a.md": [SnippetRun(outcome: .trapped(message: "Fatal error: Index out of range"),
                                                                     diagnostics: [trap])],
                           "\(folder.path)/content/b.md": [SnippetRun(outcome: .completed, output: "hi\n"), SnippetRun(outcome: .skipped)]])
    }

    @Test("a trap in one article fails it while the others pass; the site is still written and shows the failure")
    func build() throws {
        let folder = try folder()
        let reporter = RecordingReporter()
        let runner = runner(folder)
        let summary = try Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: runner)
            .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", templatesDirectory: repositoryTemplates,
                                      outputDirectory: "\(folder.path)/site"))
        #expect(reporter.steps == ["Load", "Parse", "Extract", "Execute", "Check", "Weave", "Render", "Write"])
        #expect(runner.supportModules == ["Help"])
        #expect(runner.ranArticles.count == 2)
        #expect(summary.snippets.summaryLine == "1 passed, 1 failed, 1 skipped")
        #expect(reporter.diagnostics.filter { $0.severity == .error }.map(\.location?.line) == [7])
        let page = try folder.read("site/a/index.html")
        #expect(page.contains("data-status=\"failed\""))
        #expect(page.contains("Fatal error: Index out of range"))
        #expect(try folder.read("site/b/index.html").contains("Not verified"))
    }

    @Test("test runs only what the filter names, and writes nothing")
    func filtered() throws {
        let folder = try folder()
        let runner = runner(folder)
        let reporter = RecordingReporter()
        let report = try Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: runner)
            .test(TestConfiguration(contentDirectory: "\(folder.path)/content", filter: "b.md:5"))
        #expect(reporter.steps == ["Load", "Parse", "Extract", "Execute", "Check"])
        #expect(runner.ranArticles == ["\(folder.path)/content/b.md"])
        #expect(report.cases.map(\.name) == ["\(folder.path)/content/b.md:5"])
        #expect(report.summaryLine == "1 passed, 0 failed")
        #expect(!FileManager().fileExists(atPath: "\(folder.path)/site"))
    }

    @Test("an unknown attribute is an input error naming file:line:col")
    func inputError() throws {
        let folder = try TemporaryFolder().write(["content/a.md": article(body: "\n```swift nope\nlet a = 1\n```\n")])
        let found = diagnostics {
            _ = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner())
                .test(TestConfiguration(contentDirectory: "\(folder.path)/content"))
        }
        #expect(found.map(\.description).first?.hasPrefix("\(folder.path)/content/a.md:6:10: error: unknown snippet attribute 'nope'") == true)
    }

    @Test("time-limit and output-limit in site.yml are checked")
    func limits() throws {
        let folder = try TemporaryFolder().write(["content/site.yml": "time-limit: 0\noutput-limit: lots\n"])
        let found = diagnostics { _ = try SiteConfigParser.parse(SourceFile(path: "site.yml", relativePath: "site.yml",
                                                                            text: try folder.read("content/site.yml"))) }
        #expect(found.map(\.location?.description) == ["site.yml:1:13", "site.yml:2:15"])
        let config = try SiteConfigParser.parse(SourceFile(path: "s", relativePath: "s", text: "time-limit: 2.5\noutput-limit: 100\n"))
        #expect(config.execution.timeLimit == 2.5 && config.execution.outputLimit == 100)
    }
}

@Suite("Absurd limits in site.yml")
struct SiteLimitsTests {
    private func problems(_ yaml: String) -> [Diagnostic] {
        diagnostics { _ = try SiteConfigParser.parse(SourceFile(path: "content/site.yml", relativePath: "site.yml", text: yaml)) }
    }

    @Test("each out-of-range or malformed limit is an error at its value, never a crash", arguments: [
        ("time-limit: 1e10\n", "content/site.yml:1:13", "'time-limit' must be a number of seconds from 0.1 to 3600, not '1e10'"),
        ("time-limit: nan\n", "content/site.yml:1:13", "'time-limit' must be a number of seconds from 0.1 to 3600, not 'nan'"),
        ("output-limit: 4611686018427387904\n", "content/site.yml:1:15",
         "'output-limit' must be a size from 1 bytes to 64 MiB, not '4611686018427387904'"),
        ("memory-limit: 9223372036854775807 GiB\n", "content/site.yml:1:15",
         "'memory-limit' must be a size from 64 MiB to 64 GiB, not '9223372036854775807 GiB'"),
        ("memory-limit: 1 MiB\n", "content/site.yml:1:15", "'memory-limit' must be a size from 64 MiB to 64 GiB, not '1 MiB'"),
        ("compile-time-limit: -3\n", "content/site.yml:1:21",
         "'compile-time-limit' must be a number of seconds from 1 to 3600, not '-3'"),
    ])
    func rejected(yaml: String, location: String, message: String) {
        let found = problems(yaml)
        #expect(found.map { $0.location?.description } == [location])
        #expect(found.first?.message == message)
    }

    @Test("sizes take units")
    func units() throws {
        let config = try SiteConfigParser.parse(SourceFile(path: "s", relativePath: "s",
                                                           text: "memory-limit: 512 MiB\ncompile-time-limit: 30\n"))
        #expect(config.execution.memoryLimit == 512 << 20)
        #expect(config.execution.compileTimeLimit == 30)
    }
}
