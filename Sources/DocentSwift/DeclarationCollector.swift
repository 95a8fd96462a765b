import SwiftSyntax

/// Finds a block's top-level declarations (also inside top-level `#if` clauses) and whether it has top-level code.
struct DeclarationCollector {
    private(set) var declarations: [Declaration] = []
    private(set) var hasTopLevelCode = false
    private let positions: SourcePositions

    init(tree: SourceFileSyntax, positions: SourcePositions) {
        self.positions = positions
        collect(tree.statements, insideIfConfig: false)
    }

    private mutating func collect(_ statements: CodeBlockItemListSyntax, insideIfConfig: Bool) {
        for statement in statements {
            switch statement.item {
            case .decl(let decl):
                if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                    for clause in ifConfig.clauses {
                        if case .statements(let inner) = clause.elements { collect(inner, insideIfConfig: true) }
                    }
                } else if !decl.is(PoundSourceLocationSyntax.self) {
                    declarations.append(declaration(decl, insideIfConfig: insideIfConfig))
                    if let macro = decl.as(MacroExpansionDeclSyntax.self), !Self.isDirective(macro.macroName) {
                        hasTopLevelCode = true  // `#someMacro(…)` in statement position may well be an expression
                    }
                }
            case .expr(let expression):
                if let macro = expression.as(MacroExpansionExprSyntax.self), Self.isDirective(macro.macroName) {
                    continue
                }
                hasTopLevelCode = true
            case .stmt:
                hasTopLevelCode = true
            }
        }
    }

    private func declaration(_ decl: DeclSyntax, insideIfConfig: Bool) -> Declaration {
        let kind = Self.kind(of: decl)
        let names = DeclarationNames.names(of: decl)
        var references = ReferenceCollector.names(in: decl)
        if kind == .extension, let extended = names.first {
            references.insert(String(extended.prefix { $0 != "." }))  // `[Int]` sugar refers to `Array`
        }
        return Declaration(
            kind: kind,
            names: names,
            members: DeclarationNames.members(of: decl),
            mustBeAtFileScope: FileScopeRule.mustBeAtFileScope(decl, kind: kind),
            start: positions.position(Self.startIncludingDocComments(decl)),
            end: positions.end(of: decl),
            referencedNames: references,
            isInsideIfConfig: insideIfConfig
        )
    }

    /// `#warning` and `#error` run no code.
    private static func isDirective(_ name: TokenSyntax) -> Bool {
        name.text == "warning" || name.text == "error"
    }

    static func kind(of decl: DeclSyntax) -> Declaration.Kind {
        switch decl.as(DeclSyntaxEnum.self) {
        case .variableDecl: return .variable
        case .functionDecl: return .function
        case .structDecl, .classDecl, .enumDecl, .actorDecl: return .type
        case .typeAliasDecl: return .typeAlias
        case .protocolDecl: return .protocol
        case .extensionDecl: return .extension
        case .operatorDecl: return .operatorDeclaration
        case .precedenceGroupDecl: return .precedenceGroup
        case .importDecl: return .importDeclaration
        case .macroDecl: return .macro
        default: return .other
        }
    }

    /// The start of the doc comments (`///`, `/** */`) right before `decl`, or of its first token.
    /// A plain `//` comment between them ends the run: it stays where it is.
    static func startIncludingDocComments(_ decl: DeclSyntax) -> AbsolutePosition {
        var offset = decl.position.utf8Offset
        var docStart: Int?
        for piece in decl.leadingTrivia {
            switch piece {
            case .docLineComment, .docBlockComment:
                docStart = docStart ?? offset
            case .spaces, .tabs, .newlines, .carriageReturns, .carriageReturnLineFeeds, .formfeeds, .verticalTabs:
                break
            default:
                docStart = nil
            }
            offset += piece.sourceLength.utf8Length
        }
        return docStart.map(AbsolutePosition.init(utf8Offset:)) ?? decl.positionAfterSkippingLeadingTrivia
    }
}
