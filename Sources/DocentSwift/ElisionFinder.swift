import SwiftSyntax

/// Finds the `...` elisions of a block, in the shapes swift-syntax gives them (checked with swift-syntax 6.3):
/// - a body `{ ... }`: the body's only item is an `UnexpectedCodeDeclSyntax` holding the lone token
///   `binaryOperator("...")`;
/// - a value `let x: T = ...`: the initializer's value is a `MissingExprSyntax`, and the `...` follows as such an
///   unexpected item;
/// - an argument list `f(...)`: the call's only argument is a `DeclReferenceExprSyntax` whose base name is the
///   operator `...` (which Swift would read as passing the range operator as a function).
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
        // A call elided inside another elided call is replaced with it.
        return found.filter { inner in
            !found.contains { $0 != inner && $0.start <= inner.start && inner.end <= $0.end }
        }
    }
}
