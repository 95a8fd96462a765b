import DocentCore
import DocentTestSupport
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

    // MARK: books' forms

    static let books = """
        # Books

        ```swift
        print(5) // Prints "5".
        let name = "world"
        print("hello, \\(name)")
        // Prints "hello, world", because name is indeed equal to "world".
        print(#"The string "123" has an integer value of 123"#)
        // Prints "The string "123" has an integer value of 123".
        print("a\\nb")
        // Prints two lines:
        // "a"
        // b
        ```

        """

    func checkedBooks(_ text: String = Self.books, path: String = "content/x.md", output: String) throws -> CheckedSnippet {
        let snippet = try #require(try SnippetExtractor().extract(try parsedArticle(text, path: path)).first)
        return CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, SnippetRun(outcome: .completed, output: output)))
    }

    @Test("every form books use is checked: a period, an explanation, quotes inside, two lines")
    func booksRight() throws {
        let output = "5\nhello, world\nThe string \"123\" has an integer value of 123\na\nb\n"
        #expect(try checkedBooks(output: output).result.status == .passed)
    }

    @Test("a wrong line under `// Prints two lines:` fails at that comment line")
    func booksWrongBlockLine() throws {
        let result = try checkedBooks(output: "5\nhello, world\nThe string \"123\" has an integer value of 123\na\nc\n").result
        #expect(result.status == .failed)
        #expect(result.failures.first?.location == SourceLocation(path: "content/x.md", line: 13, column: 4))
    }

    @Test("--update rewrites each form in its own form, keeping the period, the explanation and the plain lines' style")
    func booksUpdate() throws {
        let folder = try TemporaryFolder().write(["content/x.md": Self.books])
        let path = "\(folder.path)/content/x.md"
        let output = "6\nhello, there\nThe string \"45\" has an integer value of 45\nc\\d\nb d\n"
        let checked = try checkedBooks(path: path, output: output)
        let report = TestReport(articles: [.init(path: path, snippets: [checked])])
        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        let expected = Self.books
            .replacingOccurrences(of: #"// Prints "5"."#, with: #"// Prints "6"."#)
            .replacingOccurrences(of: #"// Prints "hello, world", because"#, with: #"// Prints "hello, there", because"#)
            .replacingOccurrences(of: #"// Prints "The string "123" has an integer value of 123"."#,
                                  with: #"// Prints "The string "45" has an integer value of 45"."#)
            .replacingOccurrences(of: "// \"a\"\n// b\n", with: "// \"c\\\\d\"\n// b d\n")
        #expect(after == expected)
        #expect(update.warnings.isEmpty)
        #expect(report.removingFailures(at: update.fixed).failed == 0)
        // Read again, the rewritten comments promise exactly what was printed.
        #expect(try checkedBooks(after, output: output).result.status == .passed)
    }

    @Test("the pipeline reports an unreadable `// Prints` comment as a located warning, and still runs the snippet")
    func warningReported() throws {
        let folder = try TemporaryFolder().write(["content/a.md": article(body: "\n```swift\nprint(1) // Prints \"1\" or so\n```\n")])
        let runner = FakeRunner(["\(folder.path)/content/a.md": [SnippetRun(outcome: .completed, output: "1\n")]])
        let reporter = RecordingReporter()
        let report = try Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: runner)
            .test(TestConfiguration(contentDirectory: "\(folder.path)/content"))
        let warnings = reporter.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.location) == [SourceLocation(path: "\(folder.path)/content/a.md", line: 7, column: 10)])
        #expect(warnings.first?.description.contains("warning: cannot tell where this `// Prints` comment's text ends") == true)
        #expect(report.summaryLine == "1 passed, 0 failed")
    }
}

/// `// Prints` as books write it, compiled and run for real.
@Suite("`// Prints` comments as books write them, with the compiler", .tags(.compiler))
struct PrintsCompilerTests {
    static let text = article(body: """

        ```swift
        print(2 + 3) // Prints "5".
        print("a")
        print("b")
        // Prints two lines:
        // a
        // "b"
        ```

        ```swift
        print(2 + 2) // Prints "5".
        ```

        ```swift
        print("x"); print("z")
        // Prints two lines:
        // x
        // y
        ```

        """)

    @Test("`// Prints \"5\".` and `// Prints two lines:` pass when the program prints that, and fail at the wrong line when not")
    func realRun() throws {
        let folder = try TemporaryFolder().write(["content/a.md": Self.text])
        let path = "\(folder.path)/content/a.md"
        let report = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: executeTestRunner())
            .test(TestConfiguration(contentDirectory: "\(folder.path)/content"))
        #expect(report.cases.map(\.result.status) == [.passed, .failed, .failed])
        #expect(report.cases[1].result.failures.map(\.location) == [SourceLocation(path: path, line: 16, column: 24)])
        #expect(report.cases[1].result.failures.first?.message == "output differs from the `// Prints` comments")
        #expect(report.cases[1].result.failures.first?.actual == "4")
        #expect(report.cases[2].result.failures.map(\.location) == [SourceLocation(path: path, line: 23, column: 4)])
        #expect(report.cases[2].result.failures.first?.expected == "x\ny")
    }
}

