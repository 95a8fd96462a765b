/// A code block as the author wrote it: its info string (whole and as words, each with its column), its fence, and
/// its code lines with their line numbers and the width of what stands before the code in the source line.
///
/// ```swift
/// let document = MarkdownDocument(parsing: "> ```swift hidden\n> let x = 1\n> ```\n")
/// guard case .codeBlock(let block) = document.root.children[0].children[0].kind else { return }
/// block.infoWords.map(\.column)   // [6, 12]
/// block.lines[0].number           // 2
/// block.lines[0].prefixWidth      // 2 (`> `)
/// ```
///
/// Lines and columns are 1-based and relative to the Markdown text that was parsed; columns count UTF-8 bytes.
public struct CodeBlock: Sendable, Hashable {
    /// How a fenced code block was opened: which character, how many of them, and the column of the first one.
    public struct Fence: Sendable, Hashable {
        public var character: Character
        public var length: Int
        /// The 1-based UTF-8 column of the fence's first character in its line (after any container markers).
        public var column: Int

        public init(character: Character, length: Int, column: Int) {
            self.character = character
            self.length = length
            self.column = column
        }
    }

    /// One word of the info string as written in the fence line, and the 1-based UTF-8 column it starts at.
    /// A double-quoted part (`compile-fail="no such member"`) belongs to its word, with `\"` and `\\` escapes resolved.
    public struct InfoWord: Sendable, Hashable {
        public var text: String
        public var column: Int

        public init(text: String, column: Int) {
            self.text = text
            self.column = column
        }
    }

    /// One line of the code: its text (container markers and the block's indentation removed, as cmark removes them),
    /// its line number, and how many UTF-8 bytes of the source line come before the text.
    public struct Line: Sendable, Hashable {
        public var text: String
        public var number: Int
        public var prefixWidth: Int

        public init(text: String, number: Int, prefixWidth: Int) {
            self.text = text
            self.number = number
            self.prefixWidth = prefixWidth
        }
    }

    /// The info string as cmark reads it (backslash escapes and entities resolved); empty for an indented block.
    public var info: String
    /// The code exactly as cmark gives it: every line ends with `\n`.
    public var literal: String
    /// `nil` for an indented code block.
    public var fence: Fence?
    /// The info string's words read from the fence line itself, so their columns are exact. When a quote is never
    /// closed, the words before it.
    public var infoWords: [InfoWord]
    /// The column of a quote in the info string that is never closed.
    public var unclosedQuote: Int?
    public var lines: [Line]

    public init(info: String, literal: String, fence: Fence?, infoWords: [InfoWord], unclosedQuote: Int?, lines: [Line]) {
        self.info = info
        self.literal = literal
        self.fence = fence
        self.infoWords = infoWords
        self.unclosedQuote = unclosedQuote
        self.lines = lines
    }

    /// The first word of ``info`` (`swift` in ```` ```swift hidden ````), or `""`.
    public var language: String {
        String(info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }

    /// The code's lines without their line breaks (none for an empty block).
    public var codeLines: [String] { lines.map(\.text) }
}

extension CodeBlock {
    /// Reads the block cmark found at `line`:`column` of `source` (cmark's column is the block's first byte after any
    /// container markers and indentation) from cmark's info string and literal and the source lines.
    init(info: String, literal: String, line: Int, column: Int, source: [Substring]) {
        let sourceLine = line >= 1 && line <= source.count ? source[line - 1] : ""
        let utf8 = Array(sourceLine.utf8)
        let start = min(max(column - 1, 0), utf8.count)
        let fence = Self.fence(in: utf8, at: start)
        var words: (words: [InfoWord], unclosedQuote: Int?) = ([], nil)
        if let fence { words = Self.words(in: utf8, from: start + fence.length) }
        var texts = literal.markdownLines
        if texts.last?.isEmpty == true { texts.removeLast() }
        let firstLine = fence == nil ? line : line + 1
        let lines = texts.enumerated().map { offset, text in
            let number = firstLine + offset
            let width = number <= source.count ? source[number - 1].utf8.count : 0
            return Line(text: String(text), number: number, prefixWidth: max(0, width - text.utf8.count))
        }
        self.init(info: info, literal: literal, fence: fence, infoWords: words.words, unclosedQuote: words.unclosedQuote,
                  lines: lines)
    }

    /// The fence starting at byte `start` of the line, or `nil` for an indented code block.
    private static func fence(in line: [UInt8], at start: Int) -> Fence? {
        guard start < line.count, line[start] == UInt8(ascii: "`") || line[start] == UInt8(ascii: "~") else { return nil }
        let character = line[start]
        let length = line[start...].prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        return Fence(character: Character(Unicode.Scalar(character)), length: length, column: start + 1)
    }

    /// The words of the info string that starts at byte `index` of the fence line.
    private static func words(in bytes: [UInt8], from start: Int) -> (words: [InfoWord], unclosedQuote: Int?) {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        var words: [InfoWord] = []
        var index = start
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
                continue
            }
            let wordStart = index
            var text: [UInt8] = []
            var quoteStart: Int?
            while index < bytes.count {
                let byte = bytes[index]
                if quoteStart != nil {
                    if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        text.append(bytes[index + 1])
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { quoteStart = nil } else { text.append(byte) }
                } else if isSpace(byte) {
                    break
                } else if byte == UInt8(ascii: "\"") {
                    quoteStart = index
                } else {
                    text.append(byte)
                }
                index += 1
            }
            if let open = quoteStart { return (words, open + 1) }
            words.append(InfoWord(text: String(decoding: text, as: UTF8.self), column: wordStart + 1))
        }
        return (words, nil)
    }
}
