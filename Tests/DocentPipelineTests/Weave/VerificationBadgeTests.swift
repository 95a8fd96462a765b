import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// The reader's badge counts the code blocks the reader sees, each under what happened to it, and names the Swift
/// and the system that checked them.
@Suite("The verification badge: what the reader sees, counted")
struct VerificationBadgeTests {
    private func checked(_ status: SnippetResult.Status, _ mode: Snippet.Mode = .shared, line: Int = 1,
                         trapped: Bool = false) -> CheckedSnippet {
        var result = SnippetResult(status: status)
        result.trapped = trapped
        return CheckedSnippet(snippet: Snippet(location: SourceLocation(path: "content/a.md", line: line), nodeID: 0, mode: mode, lines: []),
                              result: result)
    }

    @Test("hidden snippets are not examples; expected failures, no-run and unrun examples are counted apart")
    func counts() {
        let verification = Verification([
            checked(.passed, .hidden), checked(.passed), checked(.expectedFailure, .compileFail(message: nil)),
            checked(.expectedFailure, .crash), checked(.expectedFailure, trapped: true), checked(.passed, .noRun),
            checked(.ignored, .ignore), checked(.passed), checked(.expectedFailure),
        ])
        #expect(verification.total == 7)
        #expect(verification.passed == 2)
        #expect(verification.failToCompileAsIntended == 2)
        #expect(verification.trapAsIntended == 2)
        #expect(verification.compiledOnly == 1)
        #expect(verification.notVerified == 1)
        #expect(verification.failures.isEmpty)
        #expect(!verification.allRanAndPassed)
        #expect(verification.outcomes == ["2 ran and passed", "2 fail to compile as intended", "2 trap as intended",
                                          "1 compiled but not run"])
        #expect(Verification([checked(.passed), checked(.expectedFailure, .compileFail(message: nil))]).outcomes
                == ["1 ran and passed", "1 fails to compile as intended"])
        #expect(Verification([checked(.passed, .hidden), checked(.passed)]).allRanAndPassed)
    }

    @Test("a failure is labelled by its number among the examples the reader sees, never by its Markdown line")
    func failureLabels() {
        let verification = Verification([
            checked(.passed, .hidden, line: 3), checked(.passed, line: 9), checked(.failed, .hidden, line: 14),
            checked(.failed, line: 20), checked(.notRun, line: 31), checked(.notRun, .hidden, line: 40),
        ])
        #expect(verification.total == 3)
        #expect(verification.failed == 1)
        #expect(verification.notRun == 1)
        #expect(verification.failures.map(\.label) == ["Hidden code before example 2", "Example 2", "Example 3",
                                                       "Hidden code after example 3"])
        #expect(verification.failures.map(\.anchor) == ["example-3", "example-4", "example-5", "example-6"])
        #expect(!verification.failures.contains { $0.label.contains("line") })
        #expect(verification.outcomes == ["1 ran and passed", "1 failed", "1 did not run"])
    }

    @Test("the compiler's version text gives the Swift version and the system")
    func platform() {
        let text = "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n"
        #expect(CheckStamp(compilerVersion: text, at: Date()).swiftVersion == "6.3.1")
        #expect(CheckStamp.platform(fromCompilerVersion: text) == "Linux")
        #expect(CheckStamp.platform(fromCompilerVersion: "Apple Swift version 6.2\nTarget: arm64-apple-macosx15.0") == "macOS")
        #expect(CheckStamp.platform(fromCompilerVersion: "Swift version 6.3.1") == nil)
    }

    @Test("the page's badge: 3 examples of 4 blocks, the compile-fail one counted apart, Swift and Linux named")
    func page() throws {
        let body = "\n```swift hidden\nlet secret = 1\n```\n\n```swift\nlet a = secret\n```\n\n"
            + "```swift compile-fail\nlet b: Int = \"x\"\n```\n\n```swift\nprint(a)\n```\n\n```swift ignore\nUIView()\n```\n"
        let text = article("Badge", body: body)
        let folder = try TemporaryFolder().write(["content/a.md": text])
        let path = "\(folder.path)/content/a.md"
        let badLine = try #require(text.components(separatedBy: "\n").firstIndex(of: "let b: Int = \"x\"")) + 1
        let error = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: path, line: badLine, column: 14), "cannot convert value of type 'String' to 'Int'")
        let runner = FakeRunner([path: [SnippetRun(outcome: .completed), SnippetRun(outcome: .completed),
                                        SnippetRun(outcome: .compileFailed, diagnostics: [error]), SnippetRun(outcome: .completed),
                                        SnippetRun(outcome: .skipped)]],
                                compilerVersion: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n")
        _ = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: runner)
            .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", templatesDirectory: repositoryTemplates,
                                      outputDirectory: "\(folder.path)/site"))
        let page = try folder.read("site/a/index.html")
        let start = try #require(page.range(of: "<p class=\"verification"))
        let badge = String(page[start.lowerBound...]).components(separatedBy: "</p>")[0]
            .replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(badge.hasPrefix("✓ 3 examples: 2 ran and passed, 1 fails to compile as intended · 1 not verified · Swift 6.3.1 on Linux · checked"),
                "\(badge)")
    }
}
