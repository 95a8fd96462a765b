extension PrintsComment {
    /// What may follow the closing quote.
    private enum Tail {
        /// Nothing but spaces and at most one period: `"5".`
        case end
        /// An explanation: `, because …`, `; …`, `. A sentence.`, ` (…)`, ` - …` (or an en or em dash).
        case explanation
    }

    /// The quoted text that opens at `open` (a `"` in `bytes`) and where it closes, books' way:
    /// 1. a Swift string literal (escapes resolved) followed by the end, a period or an explanation — so
    ///    `"hello, world", because name is indeed equal to "world".` is `hello, world`;
    /// 2. else the outermost pair: the last quote of the comment, when only an optional period follows it — so
    ///    `"The string "123" has an integer value of 123".` keeps its inner quotes (text as written, no escapes);
    /// 3. else the one quote followed by an explanation (`"a "b" c", because …`).
    /// Anything else (no closing quote, other text after it, several quotes that could close it) is unreadable.
    static func quotedText(in bytes: [UInt8], from open: Int) -> Reading {
        var scanner = ByteScanner(bytes, at: open)
        if let text = scanner.readQuotedString(), tail(of: bytes, from: scanner.index) != nil {
            return .quoted(Quoted(range: open..<scanner.index, text: text, form: .literal))
        }
        let closers = bytes.indices.filter { $0 > open && bytes[$0] == UInt8(ascii: "\"") }
        func verbatim(_ close: Int) -> Reading {
            .quoted(Quoted(range: open..<(close + 1), text: String(decoding: bytes[(open + 1)..<close], as: UTF8.self),
                           form: .verbatim))
        }
        guard let last = closers.last else {
            return .unreadable("this `// Prints` comment's quote is never closed")
        }
        if tail(of: bytes, from: last + 1) == .end { return verbatim(last) }
        let explained = closers.filter { tail(of: bytes, from: $0 + 1) == .explanation }
        if explained.count == 1 { return verbatim(explained[0]) }
        return .unreadable(explained.isEmpty
            ? "cannot tell where this `// Prints` comment's text ends: what follows the closing quote is neither a period nor an explanation"
            : "cannot tell where this `// Prints` comment's text ends: \(explained.count) quotes could close it")
    }

    /// What follows a closing quote at `index`, if it is something a `// Prints` comment may end with.
    private static func tail(of bytes: [UInt8], from index: Int) -> Tail? {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = bytes[index...].firstIndex { !isSpace($0) } ?? bytes.count
        guard start < bytes.count else { return .end }
        let end = (bytes.lastIndex { !isSpace($0) } ?? start) + 1
        let rest = Array(bytes[start..<end])
        let spaced = start > index
        /// Some text after `count` bytes, past at least one space.
        func textAfter(_ count: Int) -> Bool {
            rest.count > count + 1 && isSpace(rest[count])
        }
        switch rest[0] {
        case UInt8(ascii: "."):
            return rest.count == 1 ? .end : textAfter(1) ? .explanation : nil
        case UInt8(ascii: ","), UInt8(ascii: ";"):
            return textAfter(1) ? .explanation : nil
        case UInt8(ascii: "("):
            return rest.last == UInt8(ascii: ")") || rest.suffix(2) == [UInt8(ascii: ")"), UInt8(ascii: ".")] ? .explanation : nil
        case UInt8(ascii: "-"):
            return spaced && textAfter(1) ? .explanation : nil
        case 0xE2 where rest.count > 2 && rest[1] == 0x80 && (rest[2] == 0x93 || rest[2] == 0x94):  // – or —
            return spaced && textAfter(3) ? .explanation : nil
        default:
            return nil
        }
    }
}
