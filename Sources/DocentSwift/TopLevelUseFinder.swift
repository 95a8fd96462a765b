import SwiftSyntax

/// Finds the names a block's top-level code uses as plain identifiers (`provider`, not `x.provider`) that nothing in
/// the block binds: the uses that run when the block runs, so a value another block declares later is read before
/// it has one. Bodies of functions, types, accessors and closures are left out: they may run later, when the value
/// is set. Any name the block binds anywhere (a parameter, a local, a pattern) is left out too.
final class TopLevelUseFinder: SyntaxVisitor {
    private var uses: [(name: String, position: Position)] = []
    private var bound: Set<String> = []
    private let positions: SourcePositions

    private init(positions: SourcePositions) {
        self.positions = positions
        super.init(viewMode: .sourceAccurate)
    }

    /// Each name's first use, in source order.
    static func uses(in tree: SourceFileSyntax, positions: SourcePositions) -> [(name: String, position: Position)] {
        let binder = BoundNameCollector(viewMode: .sourceAccurate)
        binder.walk(tree)
        let finder = TopLevelUseFinder(positions: positions)
        finder.bound = binder.names
        finder.walk(tree)
        var seen: Set<String> = []
        return finder.uses.filter { seen.insert($0.name).inserted }
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard case .identifier = node.baseName.tokenKind, node.argumentNames == nil,
              node.parent?.as(MemberAccessExprSyntax.self)?.declName != node,
              node.parent?.is(KeyPathPropertyComponentSyntax.self) != true else { return .visitChildren }
        let name = DeclarationNames.plain(node.baseName)
        if !bound.contains(name) { uses.append((name, positions.start(of: node))) }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Every name a block binds anywhere: variables and patterns, parameters, closure parameters, declarations, the
/// `error` of a `catch` without a pattern.
private final class BoundNameCollector: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        names.insert(DeclarationNames.plain(node.identifier))
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(DeclarationNames.plain(node.secondName ?? node.firstName))
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(DeclarationNames.plain(node.name))
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(DeclarationNames.plain(node.secondName ?? node.firstName))
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(DeclarationNames.plain(node.name))
        return .visitChildren
    }

    /// A `catch` without a pattern binds `error`.
    override func visit(_ node: CatchClauseSyntax) -> SyntaxVisitorContinueKind {
        if node.catchItems.isEmpty { names.insert("error") }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        names.insert(DeclarationNames.plain(node.name))
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier { names.insert(DeclarationNames.plain(name)) }
        return .visitChildren
    }
}
