/// How an article program numbers its lines: line `n` of snippet `k` is `(k + 1) * stride + n`.
///
/// Numbering by snippet, not by Markdown line, keeps a program the same when prose above a snippet grows or
/// shrinks; values, compiler errors and traps are mapped back to Markdown lines through the snippet afterwards.
/// Docent's own statements are numbered below `stride` in the file `__docent__`, and the playground runtime
/// ignores them (`stride` is `RuntimeContract.firstArticleLine`, which the runtime reads too).
enum ProgramLines {
    static let stride = RuntimeContract.firstArticleLine
    /// The file name of Docent's own generated lines.
    static let generatedFile = "__docent__"

    /// The program line of line `line` (1-based) of snippet `snippet` (0-based).
    static func encode(snippet: Int, line: Int) -> Int {
        (snippet + 1) * stride + line
    }

    /// The snippet and its code line that a program line belongs to; `nil` for Docent's own lines.
    static func decode(_ line: Int) -> (snippet: Int, line: Int)? {
        guard line >= stride else { return nil }
        return (line / stride - 1, line % stride)
    }

    /// The most lines a snippet may have.
    static let maximumSnippetLines = stride - 1
}

extension String {
    /// The text with the given lines (1-based) turned into spaces, every other byte and line break kept where it was.
    func blankingLines(_ lines: Set<Int>) -> String {
        guard !lines.isEmpty else { return self }
        var number = 1
        return String(decoding: utf8.map { byte -> UInt8 in
            if byte == UInt8(ascii: "\n") {
                number += 1
                return byte
            }
            return lines.contains(number) && byte != UInt8(ascii: "\r") ? UInt8(ascii: " ") : byte
        }, as: UTF8.self)
    }
}

extension String {
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
