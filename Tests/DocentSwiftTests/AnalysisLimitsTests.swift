import Dispatch
import Testing
@testable import DocentSwift

/// Hostile snippets: nesting that makes swift-syntax exponential or overflow its stack, huge code, slow analysis.
@Suite("Bounded analysis of hostile Swift")
struct AnalysisLimitsTests {
    static func nested(_ open: String, _ close: String, _ depth: Int, prefix: String = "let x = ") -> String {
        prefix + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
    }

    func refusal(_ code: String, limits: AnalysisLimits = .standard) -> AnalysisRefusal? {
        do {
            _ = try BlockAnalysis.bounded(code: code, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("`[` nested 26 and 3,000 deep is refused at the 11th `[`, before swift-syntax reads it")
    func squareBrackets() {
        // "let x = " is 8 bytes: the 11th `[` is at column 19.
        let expected = AnalysisRefusal.squareBracketsTooDeep(limit: 10, at: Position(line: 1, column: 19, offset: 18))
        #expect(refusal(Self.nested("[", "]", 26)) == expected)
        #expect(refusal(Self.nested("[", "]", 3_000)) == expected)
        // Other brackets between them do not reset the count.
        #expect(refusal(Self.nested("[(", ")]", 11)) == .squareBracketsTooDeep(limit: 10, at: Position(line: 1, column: 29, offset: 28)))
        #expect(refusal(Self.nested("[", "]", 10)) == nil)
    }

    @Test("3,000 nested parentheses or braces are refused at level 65, on the right line")
    func anyBrackets() {
        #expect(refusal(Self.nested("(", ")", 3_000, prefix: "// one\nlet x = ")) == .nestedTooDeep(limit: 64, at: Position(line: 2, column: 73, offset: 79)))
        #expect(refusal(Self.nested("{", "}", 3_000)) == .nestedTooDeep(limit: 64, at: Position(line: 1, column: 73, offset: 72)))
        #expect(refusal(Self.nested("(", ")", 64)) == nil)
    }

    @Test("brackets in comments and strings are text; an interpolation is a level of its own")
    func commentsAndStrings() {
        let deep = String(repeating: "[", count: 80)
        let code = """
            let s = "\(deep)" // \(deep)
            /* \(deep) /* nested */ \(deep) */
            let r = #"\\(\(deep)"#
            let m = \"\"\"
                \(deep) "quoted"
                \"\"\"
            """
        #expect(refusal(code) == nil)
        // 40 `(` inside 25 interpolations inside strings: 65 levels.
        let interpolated = String(repeating: "\"\\(", count: 25) + String(repeating: "(", count: 40) + "1"
            + String(repeating: ")", count: 40) + String(repeating: ")\"", count: 25)
        #expect(refusal("let s = " + interpolated)?.position?.line == 1)
        #expect(refusal("let s = " + interpolated) == .nestedTooDeep(limit: 64, at: Position(line: 1, column: 8 + 25 * 3 + 40, offset: 8 + 25 * 3 + 39)))
    }

    @Test("a snippet over the size limit is refused without a position")
    func size() {
        let limits = AnalysisLimits(maximumBytes: 16, maximumDepth: 64, maximumSquareBracketDepth: 10, timeLimit: .seconds(10))
        #expect(refusal("let answer = 42 // => 42", limits: limits) == .tooLarge(bytes: 24, limit: 16))
        #expect(refusal("let x = 1", limits: limits) == nil)
        #expect(AnalysisRefusal.tooLarge(bytes: 24, limit: 16).position == nil)
    }

    @Test("analysis that outlasts the time limit is refused, even when it finishes a moment later")
    func time() {
        let limits = AnalysisLimits(maximumBytes: 1 << 20, maximumDepth: 64, maximumSquareBracketDepth: 10, timeLimit: .zero)
        #expect(refusal("let x = [[1, 2], [3]]", limits: limits) == .tooSlow(limit: .zero))
        #expect(refusal("let x = [[1, 2], [3]]") == nil)
        // Work that is still running at the deadline is not waited for (the gate opens only afterwards).
        let gate = DispatchSemaphore(value: 0)
        #expect(TimeBound(.milliseconds(50)).run { () -> Int in
            gate.wait()
            return 1
        } == nil)
        gate.signal()
        #expect(TimeBound(.seconds(10)).run { 2 } == 2)
    }

    @Test("the highlighter shows refused code as plain text, every byte kept")
    func highlighter() {
        let code = Self.nested("[", "]", 3_000) + "\nlet y = 2"
        let lines = SwiftHighlighter().lines(code)
        #expect(lines == [[SwiftHighlighter.Span(kind: nil, text: Self.nested("[", "]", 3_000))],
                          [SwiftHighlighter.Span(kind: nil, text: "let y = 2")]])
        let slow = SwiftHighlighter(limits: AnalysisLimits(maximumBytes: 1 << 20, maximumDepth: 64,
                                                           maximumSquareBracketDepth: 10, timeLimit: .zero))
        #expect(slow.lines("let y = 2") == [[SwiftHighlighter.Span(kind: nil, text: "let y = 2")]])
        #expect(SwiftHighlighter().lines("let y = 2").first?.first == SwiftHighlighter.Span(kind: .keyword, text: "let"))
    }
}
