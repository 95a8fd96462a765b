import Testing
@testable import DocentMarkdown

/// The byte-by-byte fast paths (contiguous line splitting, ASCII heading anchors, escaping) give what the general
/// paths give, on the inputs where the two could part: CR/LF mixes, ASCII white space other than the space, and text
/// on either side of the ASCII test.
@Suite("Byte scanning")
struct ByteScanningTests {
    static let texts = ["", "\n", "\r", "\r\n", "a\r\nb\r\n", "a\rb\n\rc", "é\nx\r", "no terminator", "\n\n\r\r\n\r", "a\u{0}b\n"]

    @Test("contiguous bytes and other collections split into the same lines", arguments: texts)
    func contiguousLines(text: String) {
        let contiguous = TextLines(utf8: Array(text.utf8))
        let elsewhere = TextLines(utf8: text.utf8.lazy.map { $0 }) // a lazy map has no contiguous storage
        #expect(Array(text.utf8).withContiguousStorageIfAvailable { _ in true } == true)
        #expect(text.utf8.lazy.map { $0 }.withContiguousStorageIfAvailable { _ in true } == nil)
        #expect(contiguous.map(\.content) == elsewhere.map(\.content))
        #expect(contiguous.map(\.ending) == elsewhere.map(\.ending))
        #expect(text.markdownLines.map(String.init) == Substring(text).markdownLines.map(String.init))
    }

    @Test("a document's lines are its source's markdownLines, split once")
    func documentLines() {
        let source = "# Title\r\n\r\nText\rmore\n"
        #expect(MarkdownDocument(parsing: source).lines == source.markdownLines)
    }

    @Test("ASCII headings get the anchor DocC gives them", arguments: [
        ("  Leading and trailing  ", "Leading-and-trailing"),
        ("a\r\nb", "a-b"),
        ("a ? b", "a-b"),
        ("?x", "x"),
        ("x\u{0B}y\u{0C}z\tw", "x-y-z-w"),
        ("unit\u{1F}separator", "unit\u{1F}separator"),
        ("What's `new`? <b>#1</b> {a|b} ~c^ [d] \\ / %", "Whats-new-b1b-ab-c-d"),
        ("Café  au lait ?", "Café-au-lait"),
    ])
    func asciiAnchors(heading: String, anchor: String) {
        #expect(DocReference.anchor(forHeading: heading) == anchor)
    }

    @Test("escaping replaces the five characters and NUL, and leaves other text as it is", arguments: [
        ("plain text", "plain text"),
        ("<a href=\"x\">Tom & 'Jerry'</a>", "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"),
        ("é<\u{0}>", "é&lt;\u{2400}&gt;"),
        ("", ""),
    ])
    func escape(text: String, escaped: String) {
        #expect(HTML.escape(text) == escaped)
        #expect(HTML.escape(String(Substring(text))) == escaped)
    }
}

/// Byte search finds the first occurrence, from an offset, in strings and substrings alike.
@Suite("Byte search")
struct ByteSearchTests {
    @Test("offsets are UTF-8 bytes; a miss is nil; an empty needle is found where the search starts")
    func offsets() {
        #expect("a [b](x.md)".utf8Offset(of: "x.md") == 6)
        #expect("é x é x".utf8Offset(of: "x") == 3)
        #expect("é x é x".utf8Offset(of: "x", from: 4) == 8)
        #expect("abc".utf8Offset(of: "d") == nil)
        #expect("abc".utf8Offset(of: "") == 0)
        #expect("abc".utf8Offset(of: "c", from: 4) == nil)
        let line = "xx see [it](a.md) yy".dropFirst(3)
        #expect(line.utf8Offset(of: "a.md") == 9)
    }
}
