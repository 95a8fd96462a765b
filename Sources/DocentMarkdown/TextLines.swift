/// A text's lines as cmark and the Swift compiler count them: split at `\n`, `\r\n` or `\r`, each line's content and
/// terminator as ranges of UTF-8 byte offsets. The last line is always there (empty when the text ends with a
/// terminator, or is empty), so a text has one line more than it has terminators. Every part of Docent that splits
/// Markdown, code or a file into lines does it here.
///
/// ```swift
/// let lines = TextLines(utf8: Array("a\r\nb".utf8))
/// lines[0].content   // 0..<1
/// lines[0].ending    // 1..<3
/// lines.count        // 2
/// ```
public struct TextLines: Sendable, RandomAccessCollection {
    /// One line: the bytes of its text, and the bytes of its terminator (empty for the last line).
    public struct Line: Sendable, Hashable {
        public var content: Range<Int>
        public var ending: Range<Int>

        public init(content: Range<Int>, ending: Range<Int>) {
            self.content = content
            self.ending = ending
        }
    }

    private let lines: [Line]

    /// Splits UTF-8 bytes. A line break is always a character boundary, so the offsets are safe to slice a string at.
    public init<Bytes: Collection>(utf8 bytes: Bytes) where Bytes.Element == UInt8 {
        // Contiguous bytes (a native string's, an array's) are scanned through a pointer: one loop with no calls,
        // where indexing a generic collection costs several calls per byte.
        if let lines = bytes.withContiguousStorageIfAvailable(Self.lines(in:)) {
            self.lines = lines
            return
        }
        var lines: [Line] = []
        var start = 0
        var offset = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            offset += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            let contentEnd = offset - 1
            if byte == 0x0D, index != bytes.endIndex, bytes[index] == 0x0A {
                bytes.formIndex(after: &index)
                offset += 1
            }
            lines.append(Line(content: start..<contentEnd, ending: contentEnd..<offset))
            start = offset
        }
        lines.append(Line(content: start..<offset, ending: offset..<offset))
        self.lines = lines
    }

    /// The lines of contiguous bytes, as ``init(utf8:)`` splits them.
    private static func lines(in bytes: UnsafeBufferPointer<UInt8>) -> [Line] {
        var lines: [Line] = []
        var start = 0
        var offset = 0
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            offset += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            let contentEnd = offset - 1
            if byte == 0x0D, offset < count, bytes[offset] == 0x0A { offset += 1 }
            lines.append(Line(content: start..<contentEnd, ending: contentEnd..<offset))
            start = offset
        }
        lines.append(Line(content: start..<offset, ending: offset..<offset))
        return lines
    }

    /// Splits a string's UTF-8 bytes.
    public init(_ text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { lines.count }
    public subscript(position: Int) -> Line { lines[position] }
}
