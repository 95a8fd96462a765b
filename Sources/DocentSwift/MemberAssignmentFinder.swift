import SwiftSyntax

/// Finds plain assignments to properties, `a.b = rhs` and `self.x = rhs`, in statement position anywhere in a block.
/// Compound assignments (`+=`) are operators, not assignments, and are left out.
final class MemberAssignmentFinder: SyntaxVisitor {
    private(set) var assignments: [MemberAssignment] = []
    private let positions: SourcePositions

    init(positions: SourcePositions) {
        self.positions = positions
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        // Unfolded by the parser, `a.b = x + 1` is the sequence `a.b`, `=`, `x`, `+`, `1`.
        guard case .expr(let expression) = node.item, let sequence = expression.as(SequenceExprSyntax.self) else {
            return .visitChildren
        }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
            !elements.dropFirst(2).contains(where: { $0.is(AssignmentExprSyntax.self) }),
            let target = elements[0].as(MemberAccessExprSyntax.self), Self.isPlainChain(target)
        else { return .visitChildren }
        let lastToken = node.lastToken(viewMode: .sourceAccurate)
        assignments.append(
            MemberAssignment(
                baseStart: positions.start(of: target),
                rhsStart: positions.start(of: elements[2]),
                target: target.trimmedDescription,
                endLine: positions.end(of: node).line,
                canInsertAfter: lastToken.map(Self.lineEndsAfter) == true
                    && InsertionContext.allowsInsertion(after: node)
            ))
        return .visitChildren
    }

    /// `a.b`, `a.b.c`, `self.x`, `$0.x`, `pair.0`: member accesses down to a plain identifier or `self`.
    static func isPlainChain(_ member: MemberAccessExprSyntax) -> Bool {
        guard member.declName.argumentNames == nil, let base = member.base else { return false }
        if let inner = base.as(MemberAccessExprSyntax.self) { return isPlainChain(inner) }
        guard let reference = base.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else {
            return false
        }
        switch reference.baseName.tokenKind {
        case .identifier, .dollarIdentifier, .keyword(.self): return true
        default: return false
        }
    }

    /// Whether only spaces and comments without line breaks follow `token` up to the end of its line.
    static func lineEndsAfter(_ token: TokenSyntax) -> Bool {
        let next = token.nextToken(viewMode: .sourceAccurate)
        for piece in Array(token.trailingTrivia) + Array(next?.leadingTrivia ?? []) {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: return true
            case .spaces, .tabs, .lineComment, .docLineComment: continue
            case .blockComment(let text), .docBlockComment(let text):
                if text.contains(where: \.isNewline) { return false }
            default: return false
            }
        }
        // No line break before the next token: fine only at the end of the block.
        return next == nil || next?.tokenKind == .endOfFile
    }
}
