import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// `// Prints` groups as books use them (``PrintsCheck``): the groups' lines are the first lines printed, in order;
/// what is printed after the last group is compared only when no code follows it.
@Suite("`// Prints` groups")
struct PrintsGroupsTests {
    /// A block that comments its first two statements and not its last one.
    static let partly = """
        # Partly

        ```swift
        print("first") // Prints "first"
        print("second")
        // Prints "second"
        print("not commented")
        ```

        """

    /// A block whose one group at the end pins everything.
    static let atTheEnd = """
        # At the end

        ```swift
        for word in ["a", "b"] {
            print(word)
        }
        // Prints two lines:
        // a
        // b
        ```

        """

    /// A group inside a loop body: only closing brackets follow it.
    static let inALoop = """
        # In a loop

        ```swift
        for number in 1...2 {
            print(number)
            // Prints "1"
        }
        ```

        """

    func check(_ text: String, output: String, path: String = "content/x.md") throws -> SnippetResult {
        let snippet = try #require(try SnippetExtractor().extract(try parsedArticle(text, path: path)).first)
        return ResultChecker().check(snippet, SnippetRun(outcome: .completed, output: output))
    }

    @Test("output after the last group is not compared when code follows it")
    func tailAfterCode() throws {
        #expect(try check(Self.partly, output: "first\nsecond\nnot commented\n").status == .passed)
        #expect(try check(Self.partly, output: "first\nsecond\n").status == .passed)
    }

    @Test("a group that does not match fails at its line, with what the comments pin")
    func wrongGroup() throws {
        let result = try check(Self.partly, output: "first\nother\nnot commented\n")
        #expect(result.status == .failed)
        #expect(result.failures.map(\.location) == [SourceLocation(path: "content/x.md", line: 6, column: 11)])
        #expect(result.failures.first?.expected == "first\nsecond")
        #expect(result.failures.first?.actual == "first\nother")
    }

    @Test("a line printed before a group that it does not mention fails there")
    func unmentionedLineBeforeAGroup() throws {
        let result = try check(Self.partly, output: "zero\nfirst\nsecond\n")
        #expect(result.failures.map(\.location.line) == [4])
    }

    @Test("fewer lines than the groups promise fails at the first group left without its line")
    func tooFew() throws {
        let result = try check(Self.partly, output: "first\n")
        #expect(result.failures.map(\.location.line) == [6])
        #expect(result.failures.first?.actual == "first")
    }

    @Test("one group at the end still pins every line printed")
    func oneGroupAtTheEnd() throws {
        #expect(try check(Self.atTheEnd, output: "a\nb\n").status == .passed)
        let extra = try check(Self.atTheEnd, output: "a\nb\nc\n")
        #expect(extra.status == .failed)
        #expect(extra.failures.first?.actual == "a\nb\nc")
    }

    @Test("a group followed only by closing brackets pins every line printed")
    func closingBracketsAreNoCode() throws {
        let result = try check(Self.inALoop, output: "1\n2\n")
        #expect(result.status == .failed)
        #expect(result.failures.first?.location.line == 6)
    }

    @Test("--update rewrites the stale comment of a block whose last statement is not commented")
    func updateWithATail() throws {
        let folder = try TemporaryFolder().write(["content/x.md": Self.partly])
        let path = "\(folder.path)/content/x.md"
        let snippet = try #require(try SnippetExtractor().extract(try parsedArticle(Self.partly, path: path)).first)
        let run = SnippetRun(outcome: .completed, output: "first\nsecond, changed\nnot commented\n")
        let report = TestReport(articles: [.init(path: path, snippets: [CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, run))])])
        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == Self.partly.replacingOccurrences(of: "// Prints \"second\"", with: "// Prints \"second, changed\""))
        #expect(update.files.map(\.count) == [1])
    }
}
