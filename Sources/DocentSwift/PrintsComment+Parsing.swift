extension PrintsComment {
    /// What a comment says as a `// Prints` comment.
    enum Reading: Equatable {
        /// Not a `// Prints` expectation (`// Prints the sum`, `// Prints:`, any other comment).
        case none
        /// `// Prints "text"`, with its text.
        case quoted(Quoted)
        /// `// Prints N lines:`: the next N comment lines are the printed lines.
        case lines(count: Int)
        /// Starts like an expectation but cannot be read: why, as a warning says it.
        case unreadable(String)
    }

    /// The printed text found in a comment.
    struct Quoted: Equatable {
        /// Byte range in the comment (which starts with `//`): the quotes and what is between, or a plain line's text.
        var range: Range<Int>
        var text: String
        var form: Form
    }

    /// How to write a `// Prints` comment that reads, for warnings.
    static let advice = #"write // Prints "text", then nothing, a period, or an explanation (", because …", " (…)", " - …"); or write "// Prints N lines:" followed by one comment line per printed line"#

    /// The words a line count may be written in.
    private static let countWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                     "eleven", "twelve"]

    /// Reads a comment's bytes (starting with `//`), `Prints` in any case followed by spaces and then:
    /// - a quoted text (``quotedText(in:from:)``): `// Prints "5"`, `// Prints "5".`, `// Prints "x", because …`,
    ///   `// Prints "The string "123" has an integer value of 123".`;
    /// - `N lines:` (`line` or `lines`, the colon optional, nothing after), N a word from one to twelve or digits
    ///   above zero: `// Prints two lines:`;
    /// - anything else (`// Prints the sum`, `// Prints two lines of text`): no expectation.
    static func reading(_ bytes: [UInt8]) -> Reading {
        var scanner = ByteScanner(bytes, at: 2)  // past `//`
        scanner.skipSpaces()
        guard scanner.skip("prints", caseInsensitive: true), scanner.skipSpaces() > 0, !scanner.isAtEnd else { return .none }
        if bytes[scanner.index] == UInt8(ascii: "\"") {
            return quotedText(in: bytes, from: scanner.index)
        }
        return lineCount(in: bytes, from: scanner.index).map { .lines(count: $0) } ?? .none
    }

    /// `N lines:` from `index` to the end of the comment.
    private static func lineCount(in bytes: [UInt8], from index: Int) -> Int? {
        let wordEnd = bytes[index...].firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? bytes.count
        let word = String(decoding: bytes[index..<wordEnd], as: UTF8.self).lowercased()
        guard let count = countWords.firstIndex(of: word).map({ $0 + 1 }) ?? Int(word).flatMap({ $0 > 0 && word.allSatisfy(\.isNumber) ? $0 : nil })
        else { return nil }
        var scanner = ByteScanner(bytes, at: wordEnd)
        guard scanner.skipSpaces() > 0, scanner.skip("line", caseInsensitive: true) else { return nil }
        _ = scanner.skip("s", caseInsensitive: true)
        scanner.skipSpaces()
        _ = scanner.skip(":")
        scanner.skipSpaces()
        return scanner.isAtEnd ? count : nil
    }

    /// A line under `// Prints N lines:` (`bytes` starts with `//`): a comment whose whole text, spaces aside, is one
    /// Swift string literal is that string; any other is its text after one leading space, exactly.
    static func blockLine(_ bytes: [UInt8]) -> Quoted {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = bytes[2...].firstIndex { !isSpace($0) } ?? bytes.count
        let end = (bytes[start...].lastIndex { !isSpace($0) } ?? start - 1) + 1
        var scanner = ByteScanner(bytes, at: start)
        if let text = scanner.readQuotedString(), scanner.index == end {
            return Quoted(range: start..<end, text: text, form: .literal)
        }
        let textStart = bytes.count > 2 && bytes[2] == UInt8(ascii: " ") ? 3 : 2
        return Quoted(range: textStart..<bytes.count, text: String(decoding: bytes[textStart...], as: UTF8.self), form: .plain)
    }
}
