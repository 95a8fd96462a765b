import SwiftSyntax

/// Where the parser found a block malformed: missing tokens, unexpected text, lexer errors, unclosed comments.
/// Editor placeholders are left out: `BlockAnalysis.placeholders` reports them.
final class SyntaxErrorFinder: SyntaxVisitor {
    private var offsets: Set<Int> = []

    static func errors(in tree: SourceFileSyntax, positions: SourcePositions) -> [Position] {
        let finder = SyntaxErrorFinder(viewMode: .all)
        finder.walk(tree)
        return finder.offsets.sorted().map { positions.position(utf8Offset: $0) }
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        offsets.insert(node.positionAfterSkippingLeadingTrivia.utf8Offset)
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            // A missing token belongs right after the last token that is there.
            let previous = token.previousToken(viewMode: .sourceAccurate)
            offsets.insert(previous?.endPositionBeforeTrailingTrivia.utf8Offset ?? 0)
        } else if let diagnostic = token.tokenDiagnostic, diagnostic.kind != .editorPlaceholder,
            diagnostic.severity == .error
        {
            offsets.insert(token.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        scan(token.leadingTrivia, from: token.position.utf8Offset)
        scan(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia.utf8Offset)
        return .skipChildren
    }

    /// Stray characters and unterminated block comments live in trivia.
    private func scan(_ trivia: Trivia, from start: Int) {
        var offset = start
        for piece in trivia {
            switch piece {
            case .unexpectedText:
                offsets.insert(offset)
            case .blockComment(let text), .docBlockComment(let text):
                if !text.hasSuffix("*/") || text.utf8.count < 4 { offsets.insert(offset) }
            default:
                break
            }
            offset += piece.sourceLength.utf8Length
        }
    }
}
