import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Issue 33: a SwiftPM snippet (`Snippets/*.swift`) is checked like an article, so `--update` rewrites its stale
/// `// =>` values and `// Prints` comments in the `.swift` file itself, at the file's own lines and columns (hidden
/// regions included), and a line of the file that begins with `# ` is code, not a hidden line.
@Suite("--update on a SwiftPM snippet")
struct SnippetUpdateTests {
    static let source = """
        import Foundation
        // snippet.hide
        let base = 40 // => 41
        // snippet.show
        let title = \"\"\"
        # Title
        \"\"\"
        let answer = base + 2 // => 0
        print(answer) // Prints "0"

        """

    /// The package's one snippet, loaded, parsed and extracted as `docent test --package .` does.
    func snippet(in folder: TemporaryFolder) throws -> (Article, Snippet) {
        let sets = try PackageDocumentation(fileSystem: LocalFileSystem()).discover(in: folder.path)
        let content = try PackageContentLoader(fileSystem: LocalFileSystem()).load(sets, in: folder.path)
        let article = try ContentParser(includeDrafts: true).parse(content).articles[0]
        let snippets = try SnippetExtractor().extract(article)
        #expect(snippets.count == 1)
        return (article, snippets[0])
    }

    @Test("hidden lines are the markers' region; a `# ` line is code; columns are the file's")
    func linesAndColumns() throws {
        let folder = try TemporaryFolder().write(["Package.swift": "// swift-tools-version:5.9\n", "Snippets/Answer.swift": Self.source])
        let (_, snippet) = try snippet(in: folder)
        #expect(snippet.lines.map(\.isHidden) == [false, true, true, true, false, false, false, false, false])
        #expect(snippet.lines[5].code == "# Title")
        #expect(snippet.expectedValues.map { [$0.line, $0.column] } == [[3, 21], [8, 29]])
        // What is said of the whole snippet (an error thrown at top level, a trap with no line) is at the file's
        // first line, never at line 0, the fence the file does not have.
        #expect(snippet.location.line == 1 && snippet.location.column == 1)
    }

    @Test("--update rewrites the .swift file's stale values (a hidden one too) and `// Prints`, no other byte")
    func updatesTheFile() throws {
        let folder = try TemporaryFolder().write(["Package.swift": "// swift-tools-version:5.9\n", "Snippets/Answer.swift": Self.source])
        let (article, snippet) = try snippet(in: folder)
        let run = SnippetRun(outcome: .completed, values: [.init(line: 3, text: "40"), .init(line: 8, text: "42")], output: "42\n")
        let checked = CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, run))
        let report = TestReport(articles: [.init(path: article.path, snippets: [checked], source: article.sourceText)])
        #expect(report.failed == 1)

        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
        #expect(update.warnings == [], "\(update.warnings)")
        #expect(update.files.map(\.path) == ["\(folder.path)/Snippets/Answer.swift"])
        #expect(update.files.map(\.count) == [3])
        #expect(try folder.read("Snippets/Answer.swift") == Self.source
            .replacingOccurrences(of: "40 // => 41", with: "40 // => 40")
            .replacingOccurrences(of: "// => 0", with: "// => 42")
            .replacingOccurrences(of: "// Prints \"0\"", with: "// Prints \"42\""))
        #expect(report.removingFailures(at: update.fixed).failed == 0)
    }

    @Test("a snippet edited while docent ran is left alone, with an error at the file")
    func editedMeanwhile() throws {
        let folder = try TemporaryFolder().write(["Package.swift": "// swift-tools-version:5.9\n", "Snippets/Answer.swift": Self.source])
        let (article, snippet) = try snippet(in: folder)
        let run = SnippetRun(outcome: .completed, values: [.init(line: 3, text: "40"), .init(line: 8, text: "42")], output: "42\n")
        let report = TestReport(articles: [.init(path: article.path, snippets: [CheckedSnippet(snippet: snippet, result: ResultChecker().check(snippet, run))],
                                                source: article.sourceText)])
        try folder.write(["Snippets/Answer.swift": Self.source + "print(1)\n"])
        let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
        #expect(update.files.isEmpty)
        #expect(update.warnings.map(\.location) == [SourceLocation(path: "\(folder.path)/Snippets/Answer.swift")])
        #expect(try folder.read("Snippets/Answer.swift") == Self.source + "print(1)\n")
    }
}
