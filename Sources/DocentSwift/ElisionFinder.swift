import SwiftSyntax

/// Finds the `...` elisions of a block, in the shapes swift-syntax gives them (checked with swift-syntax 6.3):
/// - a body `{ ... }`: the body's only item is an `UnexpectedCodeDeclSyntax` holding the lone token
///   `binaryOperator("...")`;
/// - a value `let x: T = ...`: the initializer's value is a `MissingExprSyntax`, and the `...` follows as such an
///   unexpected item;
/// - an argument list `f(...)`: the call's only argument is a `DeclReferenceExprSyntax` whose base name is the
///   operator `...` (which Swift would read as passing the range operator as a function);
/// - a body that holds only a comment in a function that returns a value (`-> [String] { // Generate the list }`),
///   which Swift rejects ("missing return"): the comment stands for the code, as `...` would. A function returning
///   nothing with such a body compiles and runs as written.
enum ElisionFinder {
    static func elisions(in tree: SourceFileSyntax, positions: SourcePositions) -> [Elision] {
        var found: [Elision] = []
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .binaryOperator("...") {
            let position = positions.start(of: token)
            if let unexpected = token.parent?.as(UnexpectedNodesSyntax.self), unexpected.count == 1,
               unexpected.parent?.is(UnexpectedCodeDeclSyntax.self) == true {
                let isBody = token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .leftBrace
                    && token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .rightBrace
                found.append(Elision(kind: isBody ? .body : .expression, start: position.offset,
                                     end: positions.end(of: token).offset, position: position))
            } else if let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      let argument = reference.parent?.as(LabeledExprSyntax.self), argument.label == nil,
                      let list = argument.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                      let call = list.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
                found.append(Elision(kind: .expression, start: positions.start(of: call).offset,
                                     end: positions.end(of: call).offset, position: position))
            }
        }
        found += commentBodies(in: tree, positions: positions)
        // A call elided inside another elided call is replaced with it.
        return found.filter { inner in
            !found.contains { $0 != inner && $0.start <= inner.start && inner.end <= $0.end }
        }
    }

    /// Bodies of functions returning a value that hold nothing but comments: each elided where its `}` is (the
    /// replacement is inserted there).
    private static func commentBodies(in tree: SourceFileSyntax, positions: SourcePositions) -> [Elision] {
        tree.tokens(viewMode: .sourceAccurate).compactMap { token -> Elision? in
            guard token.tokenKind == .rightBrace, let body = token.parent?.as(CodeBlockSyntax.self), body.statements.isEmpty,
                  let function = body.parent?.as(FunctionDeclSyntax.self), let returns = function.signature.returnClause,
                  !["Void", "()", "Never"].contains(returns.type.trimmedDescription),
                  (body.leftBrace.trailingTrivia.pieces + body.rightBrace.leadingTrivia.pieces).contains(where: isComment)
            else { return nil }
            let position = positions.start(of: token)
            return Elision(kind: .body, start: position.offset, end: position.offset, position: position)
        }
    }

    private static func isComment(_ piece: TriviaPiece) -> Bool {
        switch piece {
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: true
        default: false
        }
    }
}
