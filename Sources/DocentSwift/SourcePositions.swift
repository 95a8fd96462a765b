import SwiftSyntax

/// Turns swift-syntax absolute positions (UTF-8 offsets) into `Position`s of one block.
struct SourcePositions {
    private let converter: SourceLocationConverter

    init(tree: SourceFileSyntax) {
        converter = SourceLocationConverter(fileName: "", tree: tree)
    }

    func position(_ absolute: AbsolutePosition) -> Position {
        let location = converter.location(for: absolute)
        return Position(line: location.line, column: location.column, offset: absolute.utf8Offset)
    }

    func position(utf8Offset: Int) -> Position {
        position(AbsolutePosition(utf8Offset: utf8Offset))
    }

    /// Where `node`'s first token starts (leading trivia skipped).
    func start(of node: some SyntaxProtocol) -> Position {
        position(node.positionAfterSkippingLeadingTrivia)
    }

    /// Just past `node`'s last token (trailing trivia excluded).
    func end(of node: some SyntaxProtocol) -> Position {
        position(node.endPositionBeforeTrailingTrivia)
    }
}
