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
    private(set) var errorMarks: [ErrorMark] = []

    init(tree: SourceFileSyntax, code: String, positions: SourcePositions) {
        let codeLines = Self.linesWithCode(in: tree, positions: positions)
        for comment in Self.lineComments(in: tree, code: Array(code.utf8)) {
            if let value = ValueComment(comment, positions: positions) {
                valueComments.append(value)
            } else if let prints = PrintsComment(comment, positions: positions) {
                printsComments.append(prints)
            } else if let mark = ErrorMark(comment, positions: positions, codeLines: codeLines) {
                errorMarks.append(mark)
            }
        }
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
