import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

@Suite("ExpectationUpdater: --update rewrites only stale expectations")
struct ExpectationUpdaterTests {
    /// Lines joined with CRLF, as a Windows editor saves them.
    static func crlf(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

    static let before = crlf([
        "---", "title: T", "date: 2026-01-02", "---", "", "Intro.", "",
        "```swift", "let a = 1 // => 2", "let b = \"x\" // =>\"x\"", "print(\"new\")", "```", "",
        "```output", "old line 1", "old line 2", "```", "",
        "```swift", "print(\"same\")", "```", "",
        "```output", "same", "```", "", "Outro.",
    ])

    /// Runs `text` through Extract and Check with canned runs, then updates it on disk.
    func update(_ text: String, runs: [SnippetRun]) throws -> (String, ExpectationUpdater.Update, TestReport) {
        let folder = try TemporaryFolder().write(["content/x.md": text])
        let path = "\(folder.path)/content/x.md"
        let snippets = try SnippetExtractor().extract(try parsedArticle(text, path: path))
        let checked = zip(snippets, runs).map { CheckedSnippet(snippet: $0, result: ResultChecker().check($0, $1)) }
        let report = TestReport(articles: [.init(path: path, snippets: checked)])
        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return (String(decoding: bytes, as: UTF8.self), update, report)
    }

    @Test("a stale output block and stale values are rewritten; every other byte, CRLF included, is kept")
    func staleBlock() throws {
        let runs = [SnippetRun(outcome: .completed, values: [.init(line: 9, text: "1"), .init(line: 10, text: "\"x\"")], output: "new\n"),
                    SnippetRun(outcome: .completed, output: "same\n")]
        let (after, update, report) = try update(Self.before, runs: runs)
        let expected = Self.before
            .replacingOccurrences(of: "let a = 1 // => 2\r\n", with: "let a = 1 // => 1\r\n")
            .replacingOccurrences(of: "old line 1\r\nold line 2\r\n", with: "new\r\n")
        #expect(Array(after.utf8) == Array(expected.utf8))
        #expect(update.files.map(\.count) == [2])
        #expect(report.failed == 1)
        #expect(report.removingFailures(at: update.fixed).failed == 0)
    }

    @Test("nothing stale: the file is not written at all")
    func upToDate() throws {
        let runs = [SnippetRun(outcome: .completed, values: [.init(line: 9, text: "2"), .init(line: 10, text: "\"x\"")],
                               output: "old line 1\nold line 2"),
                    SnippetRun(outcome: .completed, output: "same")]
        let (after, update, _) = try update(Self.before, runs: runs)
        #expect(after == Self.before)
        #expect(update.files.isEmpty)
    }

    @Test("an empty output block is filled, inside a list item with its indentation")
    func emptyBlockInList() throws {
        let text = "---\ntitle: T\ndate: 2026-01-02\n---\n\n- Step:\n\n  ```swift\n  print(1); print(2)\n  ```\n\n  ```output\n  ```\n"
        let (after, _, _) = try update(text, runs: [SnippetRun(outcome: .completed, output: "1\n2\n")])
        #expect(after == text.replacingOccurrences(of: "  ```output\n  ```\n", with: "  ```output\n  1\n  2\n  ```\n"))
    }

    @Test("`// =>` with nothing after it is filled in, with a space")
    func emptyValue() throws {
        let text = "---\ntitle: T\ndate: 2026-01-02\n---\n\n```swift\nlet a = 40 + 2 // =>\n```\n"
        let (after, _, _) = try update(text, runs: [SnippetRun(outcome: .completed, values: [.init(line: 7, text: "42")])])
        #expect(after == text.replacingOccurrences(of: "// =>\n", with: "// => 42\n"))
    }

    @Test("traps, truncated output and output that would close the fence are left alone")
    func leftAlone() throws {
        let text = "---\ntitle: T\ndate: 2026-01-02\n---\n\n```swift\nprint(1)\n```\n\n```output\nold\n```\n"
        let (trapped, _, _) = try update(text, runs: [SnippetRun(outcome: .trapped(message: "boom"), output: "new")])
        #expect(trapped == text)
        let (truncated, truncatedUpdate, _) = try update(text, runs: [SnippetRun(outcome: .completed, output: "new", outputTruncated: true)])
        #expect(truncated == text)
        #expect(truncatedUpdate.warnings.map(\.id) == [CheckDiagnostics.ID.updateOutputTruncated])
        #expect(truncatedUpdate.warnings.map(\.location?.line) == [10])
        // The wording, once, as a golden.
        #expect(truncatedUpdate.warnings.map(\.message) == ["not updated: the output was truncated"])
        let (fence, fenceUpdate, _) = try update(text, runs: [SnippetRun(outcome: .completed, output: "a\n```\nb")])
        #expect(fence == text)
        #expect(fenceUpdate.warnings.map(\.id) == [CheckDiagnostics.ID.updateOutputClosesFence])
    }
}

@Suite("--update never mixes an author's edit with its own")
struct ExpectationUpdaterSafetyTests {
    static let text = "---\ntitle: T\ndate: 2026-01-02\n---\n\n```swift\nprint(\"new\")\n```\n\n```output\nold\n```\n"

    func report(for path: String, source: String) throws -> TestReport {
        let snippets = try SnippetExtractor().extract(try parsedArticle(source, path: path))
        let run = SnippetRun(outcome: .completed, output: "new\n")
        let checked = snippets.map { CheckedSnippet(snippet: $0, result: ResultChecker().check($0, run)) }
        return TestReport(articles: [.init(path: path, snippets: checked, source: source)])
    }

    @Test("a file edited while docent ran is left exactly as the author left it, with an error naming it")
    func editedMeanwhile() throws {
        let folder = try TemporaryFolder().write(["content/x.md": Self.text])
        let path = "\(folder.path)/content/x.md"
        let report = try report(for: path, source: Self.text)
        let edited = "---\ntitle: T\ndate: 2026-01-02\n---\n\nTwo new lines\nabove the snippet.\n" + Self.text.dropFirst(35)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
        #expect(update.files.isEmpty)
        #expect(update.warnings.map(\.location) == [SourceLocation(path: path)])
        #expect(update.warnings.first?.severity == .error)
        #expect(update.warnings.map(\.id) == [CheckDiagnostics.ID.updateFileChanged])
    }

    @Test("an updated file keeps its permissions")
    func permissionsKept() throws {
        let folder = try TemporaryFolder().write(["content/x.md": Self.text])
        let path = "\(folder.path)/content/x.md"
        try FileManager().setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(try report(for: path, source: Self.text))
        #expect(update.files.count == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("```output\nnew\n```"))
        #expect((try FileManager().attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
}

/// `// Prints` comments in the forms books use, rewritten in place.
extension ExpectationUpdaterTests {
    @Test("`// Prints` comments in books' forms, in a quote with CRLF: only the printed text changes, every other byte kept")
    func printsFormsInQuote() throws {
        let before = Self.crlf([
            "---", "title: T", "date: 2026-01-02", "---", "",
            "> ```swift",
            "> print(1) // Prints \"1\". The first.",
            "> print(\"two\"); print(\"lines\")",
            "> // Prints 2 lines:",
            "> // two",
            "> // \"lines\"",
            "> ```",
        ])
        let (after, update, report) = try update(before, runs: [SnippetRun(outcome: .completed, output: "10\ntwo\nlines, \"quoted\"\n")])
        let expected = before
            .replacingOccurrences(of: "// Prints \"1\". The first.", with: "// Prints \"10\". The first.")
            .replacingOccurrences(of: "> // \"lines\"\r\n", with: "> // \"lines, \\\"quoted\\\"\"\r\n")
        #expect(Array(after.utf8) == Array(expected.utf8))
        #expect(update.files.map(\.count) == [2])  // two comments rewritten
        #expect(report.removingFailures(at: update.fixed).failed == 0)
    }

    @Test("a `// Prints` comment edited since it was read is left alone, with a warning")
    func printsChangedSinceRead() throws {
        let text = "---\ntitle: T\ndate: 2026-01-02\n---\n\n```swift\nprint(1) // Prints \"1\".\n```\n"
        let snippet = try #require(try SnippetExtractor().extract(try parsedArticle(text)).first)
        let checked = CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, SnippetRun(outcome: .completed, output: "2\n")))
        let edited = text.replacingOccurrences(of: "\"1\".", with: "\"one\".")
        let (bytes, fixed, warnings) = ExpectationUpdater.updated(Array(edited.utf8), snippets: [checked])
        #expect(bytes == Array(edited.utf8))
        #expect(fixed.isEmpty)
        #expect(warnings.map(\.id) == [CheckDiagnostics.ID.updateLineChanged])
        #expect(warnings.map(\.location?.line) == [7])
    }
}
