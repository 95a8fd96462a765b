import SwiftSyntax

/// Finds what Docent rewrites so that recording changes nothing the program does (``RecordingEdit``,
/// ``ScopedStatement``): property assignments in statement position anywhere, and the expression statements that
/// can have a scope of their own.
final class RecordingRewriteFinder: SyntaxVisitor {
    private(set) var edits: [RecordingEdit] = []
    private(set) var scopedStatements: [ScopedStatement] = []
    private let positions: SourcePositions
    private let bytes: [UInt8]

    init(code: String, positions: SourcePositions) {
        self.positions = positions
        bytes = Array(code.utf8)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard case .expr(let expression) = node.item else { return .visitChildren }
        if let edit = parenthesizing(expression) ?? parenthesizingCall(expression) { edits.append(edit) }
        if Self.mayHaveScope(node, expression), let first = node.firstToken(viewMode: .sourceAccurate),
            let last = node.lastToken(viewMode: .sourceAccurate), Self.lineStartsBefore(first), Self.lineEndsAfter(last)
        {
            scopedStatements.append(ScopedStatement(start: positions.start(of: node),
                                                    endLine: positions.end(of: node).line))
        }
        return .visitChildren
    }

    /// `a.b = rhs` (unfolded by the parser: `a.b`, `=`, `rhs…`) as `(a.b)=rhs`, the right-hand side where it was.
    private func parenthesizing(_ expression: ExprSyntax) -> RecordingEdit? {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
            !elements.dropFirst(2).contains(where: { $0.is(AssignmentExprSyntax.self) }),
            let target = elements[0].as(MemberAccessExprSyntax.self), let base = target.base, !Self.chainsOptionally(base)
        else { return nil }
        let start = positions.start(of: target), end = positions.end(of: target), rhs = positions.start(of: elements[2])
        let left = String(decoding: bytes[start.offset..<end.offset], as: UTF8.self)
        let gap = bytes[end.offset..<rhs.offset]
        let spaces = gap.count - 1  // around the `=`
        let isBlank = gap.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "=") }
        // A right-hand side starting with an operator character needs spaces on both sides of `=` (`= -1`, not `=-1`).
        let needsSpaces = rhs.offset < bytes.count && Self.operatorBytes.contains(bytes[rhs.offset])
        let needed = needsSpaces ? 4 : 2
        let text: String
        if isBlank, spaces >= needed {
            text = "(" + String(repeating: " ", count: spaces - needed) + left + (needsSpaces ? ") = " : ")=")
        } else {
            text = "(" + left + ")" + String(decoding: gap, as: UTF8.self)
        }
        return RecordingEdit(start: start, end: rhs, text: text)
    }

    /// `a.b.f(…)` as `(a.b.f(…))`, so the transform does not read `a.b` again after the call: the `(` takes the space
    /// before the statement when there is one.
    private func parenthesizingCall(_ expression: ExprSyntax) -> RecordingEdit? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let callee = call.calledExpression.as(MemberAccessExprSyntax.self), let base = callee.base,
              Self.readsProperty(base), !Self.chainsOptionally(base) else { return nil }
        let start = positions.start(of: expression), end = positions.end(of: expression)
        let before = start.offset - 1
        if before >= 0, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") {
            return RecordingEdit(start: positions.position(utf8Offset: before), end: start, text: "(", closing: end)
        }
        return RecordingEdit(start: start, end: start, text: "(", closing: end)
    }

    /// Whether `expression` is a property of something (`a.b`, `a.b!`), which the transform would read again.
    private static func readsProperty(_ expression: ExprSyntax) -> Bool {
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return readsProperty(unwrap.expression) }
        return expression.as(MemberAccessExprSyntax.self)?.base != nil
    }

    /// Whether an optional chain (`a?.b`) runs through `expression`: parentheses would end it (`(a?.b)` is no
    /// place to assign to), and the transform logs `a?.b = x` as a whole anyway, reading nothing back.
    static func chainsOptionally(_ expression: ExprSyntax) -> Bool {
        if expression.is(OptionalChainingExprSyntax.self) { return true }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base.map(chainsOptionally) ?? false }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return chainsOptionally(subscriptCall.calledExpression) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return chainsOptionally(call.calledExpression) }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return chainsOptionally(unwrap.expression) }
        if let postfix = expression.as(PostfixOperatorExprSyntax.self) { return chainsOptionally(postfix.expression) }
        return false
    }

    private static let operatorBytes = Set("/=-+!*%<>&|^~?.".utf8)

    /// Whether a `do { … }` around the statement changes nothing but its temporaries' lifetime: at the top level, or
    /// one statement of several in the body of a function returning nothing, an initializer, a deinitializer, a
    /// setter or observer, or the statements those run (never in a closure or a function returning a value, whose
    /// body may be a result builder's or a single expression it returns).
    static func mayHaveScope(_ item: CodeBlockItemSyntax, _ expression: ExprSyntax) -> Bool {
        guard !expression.is(IfExprSyntax.self), !expression.is(SwitchExprSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return false }
        if list.parent?.is(SourceFileSyntax.self) == true { return true }
        let isInitializerBody = list.parent?.parent.map { $0.is(InitializerDeclSyntax.self) || $0.is(DeinitializerDeclSyntax.self) } == true
        guard list.count > 1, isInitializerBody || InsertionContext.isStatementListOwner(list.parent) else { return false }
        var ancestor = list.parent
        while let node = ancestor {
            if node.is(ClosureExprSyntax.self) || node.is(AccessorBlockSyntax.self) {  // a closure, or a getter's body
                return false
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                guard let result = function.signature.returnClause?.type.trimmedDescription else { return true }
                return result == "Void" || result == "()"
            }
            if let accessor = node.as(AccessorDeclSyntax.self) {
                return [.keyword(.set), .keyword(.willSet), .keyword(.didSet)].contains(accessor.accessorSpecifier.tokenKind)
            }
            if node.is(InitializerDeclSyntax.self) || node.is(DeinitializerDeclSyntax.self) || node.is(SourceFileSyntax.self) {
                return true
            }
            ancestor = node.parent
        }
        return false
    }

    /// Whether only spaces come before `token` on its line.
    static func lineStartsBefore(_ token: TokenSyntax) -> Bool {
        var sawLineBreak = token.previousToken(viewMode: .sourceAccurate) == nil
        for piece in token.leadingTrivia {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: sawLineBreak = true
            case .spaces, .tabs: continue
            default: sawLineBreak = false
            }
        }
        return sawLineBreak
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
