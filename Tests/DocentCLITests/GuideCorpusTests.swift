import DocentTestSupport
import Foundation
import Testing

/// A language guide written without Docent in mind (no front matter, names reused across examples, Apple's
/// `// Prints "…"` comments, a few examples that are wrong on purpose, as books show them) verifies unchanged.
@Suite("documentation written for other tools", .tags(.compiler))
struct GuideCorpusTests {
    /// `Fixtures/guide`, the corpus.
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/guide").path

    /// One test case of the JUnit report: its name (`path:LINE`) and, if it failed, the failure's text.
    struct Case {
        var path: String
        var line: Int
        var failure: String?
    }

    @Test("at least 85% of the examples pass, and every failure is the example's own error, inside its own lines")
    func guideVerifies() throws {
        let workspace = try Workspace(fixture: "snippets")
        let report = workspace.path + "/guide.xml"
        let result = try DocentBinary.run(["test", "--content", Self.guide, "--junit", report, "--cache", workspace.path + "/cache"],
                                         in: workspace.path)
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let cases = try Self.cases(inJUnit: String(contentsOfFile: report, encoding: .utf8))
        let failed = cases.filter { $0.failure != nil }
        #expect(cases.count >= 250, "the corpus has a few hundred examples")
        #expect(Double(cases.count - failed.count) >= 0.85 * Double(cases.count),
                "\(failed.count) of \(cases.count) failed:\n\(failed.prefix(20).map { "\($0.path):\($0.line)\n\($0.failure ?? "")" }.joined(separator: "\n"))")
        for failure in failed {
            let block = try Self.block(at: failure.line, in: failure.path)
            let located = Self.firstLocatedLine(in: failure.failure ?? "")
            #expect(located.map { block.contains($0) } == true,
                    "\(failure.path):\(failure.line) failed outside its own lines (\(block)):\n\(failure.failure ?? "")")
        }
    }

    /// The test cases of a JUnit report as `JUnitWriter` writes it.
    static func cases(inJUnit xml: String) throws -> [Case] {
        let pattern = try NSRegularExpression(pattern: #"<testcase name="([^"]*):(\d+)"[^>]*?(/>|>\s*<failure[^>]*>([^<]*)</failure>|>\s*<skipped)"#)
        let text = xml as NSString
        return pattern.matches(in: xml, range: NSRange(location: 0, length: text.length)).map { match in
            let failure = match.range(at: 4).location == NSNotFound ? nil : text.substring(with: match.range(at: 4))
            return Case(path: text.substring(with: match.range(at: 1)), line: Int(text.substring(with: match.range(at: 2)))!,
                        failure: failure.map(Self.unescape))
        }
    }

    /// The lines of the fenced block whose opening fence is at `line` (fence lines excluded).
    static func block(at line: Int, in path: String) throws -> ClosedRange<Int> {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var end = line + 1
        while end <= lines.count, !lines[end - 1].hasPrefix("```") { end += 1 }
        return (line + 1)...max(line + 1, end - 1)
    }

    /// The line of the first `file.md:LINE:COL:` in a failure's text.
    static func firstLocatedLine(in text: String) -> Int? {
        let pattern = try! NSRegularExpression(pattern: #"\.md:(\d+):\d+: "#)
        let range = NSRange(location: 0, length: (text as NSString).length)
        return pattern.firstMatch(in: text, range: range).map { Int((text as NSString).substring(with: $0.range(at: 1)))! }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
