import SwiftSyntax

/// Finds every `//` line comment in a block's trivia — never inside string literals, which are tokens — and
/// parses the ones that are `// => value`, `// Prints "text"`, or say that their line is an error (``ErrorMark``).
struct CommentScanner {
    /// One `//` comment (not `///`) as written, with where it is.
    struct LineComment {
        /// The comment's UTF-8 bytes, starting with `//`.
        var bytes: [UInt8]
        /// 0-based UTF-8 offset of the `//`.
        var offset: Int
        /// Whether only spaces and tabs precede it on its line.
        var standalone: Bool
    }

    private(set) var valueComments: [ValueComment] = []
    private(set) var printsComments: [PrintsComment] = []
    private(set) var printsWarnings: [PrintsCommentWarning] = []
    private(set) var errorMarks: [ErrorMark] = []

    init(tree: SourceFileSyntax, code: String, positions: SourcePositions) {
        let codeLines = Self.linesWithCode(in: tree, positions: positions)
        let comments = Self.lineComments(in: tree, code: Array(code.utf8))
        let commentLines = Set(comments.filter(\.standalone).map { positions.position(utf8Offset: $0.offset).line })
        var index = 0
        while index < comments.count {
            let comment = comments[index]
            index += 1
            if let value = ValueComment(comment, positions: positions) {
                valueComments.append(value)
                continue
            }
            switch PrintsComment.reading(comment.bytes) {
            case .quoted(let quoted):
                printsComments.append(PrintsComment(comment, quoted, positions: positions, isBlockLine: false))
            case .lines(let count):
                // The comments alone on the lines right under it, up to `count`, are its lines.
                let line = positions.position(utf8Offset: comment.offset).line
                let block = comments[index...].prefix(count).enumerated().prefix { offset, next in
                    next.standalone && positions.position(utf8Offset: next.offset).line == line + 1 + offset
                }.map(\.element)
                index += block.count
                if block.count == count {
                    printsComments += block.map {
                        PrintsComment($0, PrintsComment.blockLine($0.bytes), positions: positions, isBlockLine: true)
                    }
                } else {
                    let text = String(decoding: comment.bytes, as: UTF8.self).trimmingWhitespace()
                    warn(comment, "`\(text)` is followed by \(block.count) comment line\(block.count == 1 ? "" : "s"), not \(count)",
                         advice: "put one `//` comment line right under it per printed line, quoted or not",
                         positions: positions)
                }
            case .unreadable(let reason):
                warn(comment, reason, advice: PrintsComment.advice, positions: positions)
            case .none:
                if let mark = ErrorMark(comment, positions: positions, codeLines: codeLines, commentLines: commentLines) {
                    errorMarks.append(mark)
                }
            }
        }
    }

    private mutating func warn(_ comment: LineComment, _ message: String, advice: String, positions: SourcePositions) {
        let start = positions.position(utf8Offset: comment.offset)
        printsWarnings.append(PrintsCommentWarning(line: start.line, column: start.column, offset: start.offset,
                                                   message: message, advice: advice))
    }

    /// The lines on which some token is (a multi-line string literal holds every line it spans).
    static func linesWithCode(in tree: SourceFileSyntax, positions: SourcePositions) -> Set<Int> {
        var lines: Set<Int> = []
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind != .endOfFile && token.presence == .present {
            let start = positions.start(of: token).line
            let end = positions.end(of: token).line
            lines.formUnion(start...max(start, end))
        }
        return lines
    }

    static func lineComments(in tree: SourceFileSyntax, code: [UInt8]) -> [LineComment] {
        var comments: [LineComment] = []
        func scan(_ trivia: Trivia, from start: AbsolutePosition) {
            var offset = start.utf8Offset
            for piece in trivia {
                if case .lineComment(let text) = piece {
                    let standalone = isAlone(at: offset, in: code)
                    comments.append(LineComment(bytes: Array(text.utf8), offset: offset, standalone: standalone))
                }
                offset += piece.sourceLength.utf8Length
            }
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            scan(token.leadingTrivia, from: token.position)
            scan(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia)
        }
        return comments
    }

    /// Whether only spaces and tabs come between the start of the line and `offset`.
    private static func isAlone(at offset: Int, in code: [UInt8]) -> Bool {
        var index = min(offset, code.count) - 1
        while index >= 0, code[index] != UInt8(ascii: "\n") {
            guard code[index] == UInt8(ascii: " ") || code[index] == UInt8(ascii: "\t") else { return false }
            index -= 1
        }
        return true
    }
}
