import SwiftSyntax

/// Walks a parsed snippet once and paints each token, comment and string escape onto a `HighlightCanvas`.
final class HighlightPainter: SyntaxVisitor {
    private(set) var canvas: HighlightCanvas
    /// The span (UTF-8 offsets) whose names take one kind regardless of their own: an attribute's `@name`, a
    /// macro's `#name`, an `#if` condition. These never nest, so the latest one is the only one that matters.
    private var region: (range: Range<Int>, kind: SwiftHighlighter.Kind)?

    init(bytes: [UInt8]) {
        canvas = HighlightCanvas(bytes: bytes)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        mark(from: node.atSign, through: node.attributeName, as: .attribute)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        mark(from: node.pound, through: node.macroName, as: .directive)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        mark(from: node.pound, through: node.macroName, as: .directive)
        return .visitChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if let condition = node.condition {
            mark(from: condition, through: condition, as: .directive)
        }
        return .visitChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        paint(token.leadingTrivia, from: token.position.utf8Offset)
        let text = token.positionAfterSkippingLeadingTrivia.utf8Offset..<token.endPositionBeforeTrailingTrivia.utf8Offset
        canvas.paint(text, kind(of: token, at: text.lowerBound))
        if case .stringSegment = token.tokenKind {
            for escape in StringEscapes.ranges(in: canvas.bytes, text, pounds: Self.rawPounds(around: token)) {
                canvas.paint(escape, .escape)
            }
        }
        paint(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia.utf8Offset)
        return .skipChildren
    }

    private func mark(from first: some SyntaxProtocol, through last: some SyntaxProtocol, as kind: SwiftHighlighter.Kind) {
        let start = first.positionAfterSkippingLeadingTrivia.utf8Offset
        region = (start..<max(start, last.endPositionBeforeTrailingTrivia.utf8Offset), kind)
    }

    /// The token's own kind, or the enclosing region's for names and keywords inside one.
    private func kind(of token: TokenSyntax, at offset: Int) -> SwiftHighlighter.Kind? {
        let own = TokenClassifier.kind(of: token)
        guard let region, region.range.contains(offset) else { return own }
        switch own {
        case nil, .keyword, .type, .function, .literal, .attribute, .directive: return region.kind
        default: return own
        }
    }

    /// Comments are trivia: paint them; everything else in trivia (whitespace, stray text) stays plain.
    private func paint(_ trivia: Trivia, from start: Int) {
        var offset = start
        for piece in trivia {
            let length = piece.sourceLength.utf8Length
            switch piece {
            case .lineComment, .blockComment, .docLineComment, .docBlockComment:
                canvas.paint(offset..<offset + length, .comment)
            default:
                break
            }
            offset += length
        }
    }

    /// How many `#`s delimit the raw string holding `segment` (0 for an ordinary string).
    private static func rawPounds(around segment: TokenSyntax) -> Int {
        segment.ancestor(StringLiteralExprSyntax.self)?.openingPounds?.text.utf8.count ?? 0
    }
}
