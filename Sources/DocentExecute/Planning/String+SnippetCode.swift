import DocentMarkdown

/// Edits of a snippet's code that keep every byte where it was, so positions and line numbers still hold.
extension Array where Element == UInt8 {
    /// Turns the bytes in `range` into spaces, keeping line breaks.
    mutating func blank(_ range: Range<Int>) {
        for offset in range.clamped(to: indices) where self[offset] != UInt8(ascii: "\n") {
            self[offset] = UInt8(ascii: " ")
        }
    }
}

extension String {
    /// The text with the given lines (1-based) turned into spaces, line breaks kept where they were.
    func blankingLines(_ lines: Set<Int>) -> String {
        guard !lines.isEmpty else { return self }
        var bytes = Array(utf8)
        for (number, line) in TextLines(self).enumerated() where lines.contains(number + 1) {
            bytes.blank(line.content)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the line's brackets (`()`, `[]`, `{}`) close what they open, outside string literals and comments:
    /// a line that holds a whole statement or more.
    var bracketsBalance: Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in self {
            defer { previous = character }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "/" where previous == "/": return depth == 0
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth < 0 { return false }
            default: break
            }
        }
        return depth == 0 && !inString
    }
}
