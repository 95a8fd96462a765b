extension PrintsComment {
    /// The expectation in `comment` at the place `quoted` was read.
    init(_ comment: CommentScanner.LineComment, _ quoted: Quoted, positions: SourcePositions, isBlockLine: Bool) {
        let start = positions.position(utf8Offset: comment.offset)
        let quoteStart = positions.position(utf8Offset: comment.offset + quoted.range.lowerBound)
        let quoteEnd = positions.position(utf8Offset: comment.offset + quoted.range.upperBound)
        self.init(
            line: start.line, commentColumn: start.column, quoteStart: quoteStart.column, quoteEnd: quoteEnd.column,
            text: quoted.text, standalone: comment.standalone, commentOffset: start.offset,
            quoteStartOffset: quoteStart.offset, quoteEndOffset: quoteEnd.offset, form: quoted.form, isBlockLine: isBlockLine
        )
    }

    /// The printed line `comment` (its UTF-8 bytes from `//` to the end of its line) reads as: a `// Prints "…"`
    /// comment's text or, when `isBlockLine`, the text of a line under `// Prints N lines:`; nil when it reads as none.
    public static func printedLine(inComment comment: [UInt8], isBlockLine: Bool) -> String? {
        guard comment.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else { return nil }
        if isBlockLine { return blockLine(comment).text }
        if case .quoted(let quoted) = reading(comment) { return quoted.text }
        return nil
    }

    /// What to write over `range` of `comment` (from `//`; `range` is where the printed text was read, quotes
    /// included) so the comment reads as `line`: in `form` when that reads back as `line` (quotes around the text
    /// as it is for ``Form/verbatim``, the bare text for ``Form/plain``), else as a Swift string literal; nil when
    /// neither does. Everything around `range` — a period, an explanation — stays.
    public static func rewriting(_ comment: [UInt8], range: Range<Int>, to line: String, form: Form,
                                 isBlockLine: Bool) -> [UInt8]? {
        guard range.lowerBound >= 0, range.upperBound <= comment.count, range.lowerBound <= range.upperBound else { return nil }
        let literal = Array(SwiftStringLiteral.quoted(line).utf8)
        let candidates: [[UInt8]] = switch form {
        case .literal: [literal]
        case .verbatim: [[UInt8(ascii: "\"")] + Array(line.utf8) + [UInt8(ascii: "\"")], literal]
        case .plain: [Array(line.utf8), literal]
        }
        return candidates.first { candidate in
            var rewritten = comment
            rewritten.replaceSubrange(range, with: candidate)
            return printedLine(inComment: rewritten, isBlockLine: isBlockLine) == line
        }
    }
}
