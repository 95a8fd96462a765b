import SwiftSyntax

/// Collects every name a syntax tree refers to: referenced declarations, types, members, operators, macros.
/// It over-approximates on purpose (member names count too), since missing a use is worse than an extra one.
final class ReferenceCollector: SyntaxVisitor {
    private(set) var names: Set<String> = []

    static func names(in node: some SyntaxProtocol) -> Set<String> {
        let collector = ReferenceCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.names
    }

    private func add(_ token: TokenSyntax) {
        switch token.tokenKind {
        case .identifier, .dollarIdentifier:
            let name = DeclarationNames.plain(token)
            names.insert(name)
            if name.hasPrefix("$"), name.count > 1, Int(name.dropFirst()) == nil {
                names.insert(String(name.dropFirst()))  // `$x` is the projection of the property wrapper `x`
            }
        case .binaryOperator(let text), .prefixOperator(let text), .postfixOperator(let text):
            names.insert(text)
        default:
            break  // keywords: self, Self, init, Any…
        }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        add(node.baseName)
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        add(node.name)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        add(node.name)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        add(node.macroName)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.macroName)
        return .visitChildren
    }

    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        add(node.operator)
        return .visitChildren
    }

    override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        add(node.operator)
        return .visitChildren
    }

    override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        add(node.operator)
        return .visitChildren
    }

    override func visit(_ node: PrecedenceGroupNameSyntax) -> SyntaxVisitorContinueKind {
        add(node.name)
        return .visitChildren
    }

    override func visit(_ node: OperatorPrecedenceAndTypesSyntax) -> SyntaxVisitorContinueKind {
        add(node.precedenceGroup)
        return .visitChildren
    }
}
