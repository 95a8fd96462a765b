import Testing
@testable import DocentMarkdown

@Suite("Splitting text into lines")
struct TextLinesTests {
    @Test("\\n, \\r\\n and \\r end a line; the terminator is kept apart", arguments: [
        ("a\nb", [0..<1, 2..<3], [1..<2, 3..<3]),
        ("a\r\nb\r\n", [0..<1, 3..<4, 6..<6], [1..<3, 4..<6, 6..<6]),
        ("a\rb\n\rc", [0..<1, 2..<3, 4..<4, 5..<6], [1..<2, 3..<4, 4..<5, 6..<6]),
        ("", [0..<0], [0..<0]),
        ("\n", [0..<0, 1..<1], [0..<1, 1..<1]),
    ])
    func ranges(text: String, contents: [Range<Int>], endings: [Range<Int>]) {
        let lines = TextLines(text)
        #expect(lines.map(\.content) == contents)
        #expect(lines.map(\.ending) == endings)
    }

    @Test("offsets count UTF-8 bytes")
    func bytes() {
        #expect(TextLines("é\nx").map(\.content) == [0..<2, 3..<4])
    }

    @Test("markdownLines are the same lines as strings, of a String or a Substring")
    func markdownLines() {
        let text = "é\r\nb\rc\n\nd"
        #expect(text.markdownLines == ["é", "b", "c", "", "d"])
        #expect(text.dropFirst(2).markdownLines == ["b", "c", "", "d"])
        #expect("x\n".markdownLines == ["x", ""])
    }
}
