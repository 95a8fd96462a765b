import DocentCore
import Testing
@testable import DocentPipeline

@Suite("JUnitWriter: the report as JUnit XML")
struct JUnitWriterTests {
    func checked(_ line: Int, _ mode: Snippet.Mode, _ result: SnippetResult) -> CheckedSnippet {
        CheckedSnippet(snippet: Snippet(location: SourceLocation(path: "content/a.md", line: line), nodeID: line, mode: mode, lines: []),
                       result: result)
    }

    @Test("one suite per article, one case per snippet, failures and skips marked, text escaped")
    func xml() {
        let failure = SnippetResult.Failure(.valueDiffers, location: SourceLocation(path: "content/a.md", line: 9),
                                            message: "value differs <&>", expected: "1", actual: "\u{1B}[31m2")
        let report = TestReport(articles: [.init(path: "content/a.md", snippets: [
            checked(3, .shared, SnippetResult(status: .passed)),
            checked(8, .shared, SnippetResult(status: .failed, failures: [failure])),
            checked(12, .ignore, SnippetResult(status: .ignored)),
        ])])
        let xml = JUnitWriter().xml(for: report)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"docent\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">"))
        #expect(xml.contains("<testsuite name=\"content/a.md\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">"))
        #expect(xml.contains("<testcase name=\"content/a.md:3\" classname=\"content/a.md\"/>"))
        #expect(xml.contains("<failure message=\"value differs &lt;&amp;&gt;\" type=\"value-differs\">FAIL content/a.md:8"))
        #expect(xml.contains("actual:   \u{FFFD}[31m2"))
        #expect(xml.contains("<testcase name=\"content/a.md:12\" classname=\"content/a.md\">\n      <skipped message=\"ignore: not verified\"/>"))
        #expect(report.summaryLine == "1 passed, 1 failed, 1 skipped")
    }
}

extension JUnitWriterTests {
    @Test("a failure's type is its first failure's kind; a not-run snippet's is not-run; one with no failure says its status")
    func failureType() {
        let at = SourceLocation(path: "content/a.md", line: 4)
        let report = TestReport(articles: [.init(path: "content/a.md", snippets: [
            checked(3, .shared, SnippetResult(status: .failed, failures: [.init(.doesNotCompile, location: at, message: "x"),
                                                                          .init(.outputDiffers, location: at, message: "y")])),
            checked(8, .shared, SnippetResult(status: .notRun, failures: [.init(.notRun, location: at, message: "z")])),
            checked(12, .shared, SnippetResult(status: .failed)),
        ])])
        let types = JUnitWriter().xml(for: report).split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "type=\"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(types == ["does-not-compile", "not-run", "failed"])
    }

    @Test("every kind's JUnit type is stable, lower case, words joined by -")
    func kindNames() {
        for kind in SnippetResult.Failure.Kind.allCases {
            #expect(kind.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(kind)")
        }
        #expect(Set(SnippetResult.Failure.Kind.allCases.map(\.rawValue)).count == SnippetResult.Failure.Kind.allCases.count)
    }
}

@Suite("JUnit and failure blocks: the line diff")
struct JUnitLineDiffTests {
    @Test("removed lines come before added ones; kept lines stay in place")
    func diff() {
        #expect(LineDiff.render(from: "a\nb\nc", to: "a\nB\nc\nd") == [" a", "-b", "+B", " c", "+d"])
        #expect(LineDiff.render(from: "", to: "x") == ["+x"])
    }
}
