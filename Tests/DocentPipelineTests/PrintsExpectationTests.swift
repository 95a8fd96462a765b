import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Apple's `// Prints "…"` convention: checked against what the snippet printed, reported at the first comment
/// that is wrong, and rewritten by `--update` like an `output` block.
@Suite("`// Prints` comments as expectations")
struct PrintsExpectationTests {
    static let text = """
        # Printing

        ```swift
        let name = "Ada"
        print(name) // Prints "Ada"
        print("two", "words")
        // Prints "two words"
        print("say \\"hi\\"")
        // Prints "old"
        ```

        """

    func checked(output: String) throws -> CheckedSnippet {
        let snippet = try #require(try SnippetExtractor().extract(try parsedArticle(Self.text)).first)
        return CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, SnippetRun(outcome: .completed, output: output)))
    }

    @Test("output that matches the comments passes")
    func right() throws {
        #expect(try checked(output: "Ada\ntwo words\nold\n").result.status == .passed)
    }

    @Test("output that differs fails at the first wrong comment, with the whole expected and actual output")
    func wrong() throws {
        let result = try checked(output: "Ada\ntwo words\nsay \"hi\"\n").result
        #expect(result.status == .failed)
        #expect(result.failures.first?.location == SourceLocation(path: "content/x.md", line: 9, column: 11))
        #expect(result.failures.first?.expected == "Ada\ntwo words\nold")
        #expect(result.failures.first?.actual == "Ada\ntwo words\nsay \"hi\"")
    }

    @Test("fewer lines printed than promised fails too")
    func missingLines() throws {
        #expect(try checked(output: "Ada\n").result.failures.first?.location.line == 7)
    }

    @Test("--update rewrites only the stale quoted text, escaping it as a Swift string")
    func update() throws {
        let folder = try TemporaryFolder().write(["content/x.md": Self.text])
        let path = "\(folder.path)/content/x.md"
        let snippet = try #require(try SnippetExtractor().extract(try parsedArticle(Self.text, path: path)).first)
        let run = SnippetRun(outcome: .completed, output: "Ada\ntwo words\nsay \"hi\"\n")
        let report = TestReport(articles: [.init(path: path, snippets: [CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, run))])])
        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        #expect(after == Self.text.replacingOccurrences(of: "// Prints \"old\"", with: #"// Prints "say \"hi\"""#))
        #expect(update.files.map(\.count) == [1])
        #expect(report.removingFailures(at: update.fixed).failed == 0)
    }

    @Test("--update leaves the comments alone when the number of printed lines changed")
    func updateRefused() throws {
        let folder = try TemporaryFolder().write(["content/x.md": Self.text])
        let path = "\(folder.path)/content/x.md"
        let snippet = try #require(try SnippetExtractor().extract(try parsedArticle(Self.text, path: path)).first)
        let run = SnippetRun(outcome: .completed, output: "Ada\n")
        let report = TestReport(articles: [.init(path: path, snippets: [CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, run))])])
        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text)
        #expect(update.warnings.first?.message.contains("printed 1 lines but has 3") == true)
    }
}
