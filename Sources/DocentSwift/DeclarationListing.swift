import SwiftSyntax

/// The rule for a declaration listing: API written as documentation lists it, declarations without bodies
/// (`func chunked(by:) -> [SubSequence]`, `var count: Int { get }`), which cannot compile by construction.
///
/// ```swift
/// DeclarationListing.isListing(tree)   // true for "extension Collection {\n    func chunked() -> [SubSequence]\n}"
/// ```
///
/// A block is a listing when every top-level item is a declaration, at least one of them (or of the members of
/// the types and extensions it declares) is a *requirement* — a function, initialiser, deinitialiser or subscript
/// without a body, or a property whose accessors have none (`{ get }`, `{ get set }`) — outside a protocol, and
/// nothing has a body, an initial value or a statement. Type aliases, associated types, enum cases, imports,
/// operators, stored properties without a value and protocols (whose requirements are what a protocol is) neither
/// make nor spoil a listing: a block that only declares a protocol, or a struct of stored properties, compiles
/// as it is and is no listing. A type written as its header alone (`@frozen struct Deque<Element>`, a "Declaration"
/// section's way) is a requirement too: it is the one syntax error a listing may have
/// (``onlyHeadersLackBodies(_:)``). Expectation comments and other syntax errors are ``BlockAnalysis``'s to weigh.
enum DeclarationListing {
    /// What a declaration holds: requirements outside a protocol, and whether anything runs or has a body.
    private struct Tally {
        var requirements = 0
        var hasCode = false
    }

    static func isListing(_ tree: SourceFileSyntax) -> Bool {
        var tally = Tally()
        for statement in tree.statements {
            guard case .decl(let decl) = statement.item else { return false }
            add(decl, insideProtocol: false, to: &tally)
            if tally.hasCode { return false }
        }
        return tally.requirements > 0
    }

    private static func add(_ decl: DeclSyntax, insideProtocol: Bool, to tally: inout Tally) {
        /// A declaration that is complete without a body is a requirement, unless a protocol holds it.
        func requirement(_ isBodyless: Bool) {
            if !isBodyless {
                tally.hasCode = true
            } else if !insideProtocol {
                tally.requirements += 1
            }
        }
        switch decl.as(DeclSyntaxEnum.self) {
        case .functionDecl(let function): requirement(function.body == nil)
        case .initializerDecl(let initializer): requirement(initializer.body == nil)
        case .deinitializerDecl(let deinitializer): requirement(deinitializer.body == nil)
        case .subscriptDecl(let subscriptDecl): requirement(subscriptDecl.accessorBlock.map(isBodyless) ?? true)
        case .variableDecl(let variable):
            for binding in variable.bindings {
                if binding.initializer != nil {
                    tally.hasCode = true
                } else if let accessors = binding.accessorBlock {
                    requirement(isBodyless(accessors))
                }
            }
        case .structDecl(let type): add(type.memberBlock, insideProtocol: false, to: &tally)
        case .classDecl(let type): add(type.memberBlock, insideProtocol: false, to: &tally)
        case .enumDecl(let type): add(type.memberBlock, insideProtocol: false, to: &tally)
        case .actorDecl(let type): add(type.memberBlock, insideProtocol: false, to: &tally)
        case .extensionDecl(let type): add(type.memberBlock, insideProtocol: false, to: &tally)
        case .protocolDecl(let type):
            if type.memberBlock.leftBrace.presence == .missing { requirement(true) }
            add(type.memberBlock, insideProtocol: true, to: &tally)
        case .typeAliasDecl, .associatedTypeDecl, .enumCaseDecl, .importDecl, .operatorDecl, .precedenceGroupDecl:
            break
        case .ifConfigDecl(let ifConfig):
            for clause in ifConfig.clauses {
                switch clause.elements {
                case .statements(let statements):
                    for statement in statements {
                        guard case .decl(let inner) = statement.item else { tally.hasCode = true; continue }
                        add(inner, insideProtocol: insideProtocol, to: &tally)
                    }
                case .decls(let members):
                    for member in members { add(member.decl, insideProtocol: insideProtocol, to: &tally) }
                case nil:
                    break
                default:
                    tally.hasCode = true
                }
            }
        default:
            tally.hasCode = true  // macros, macro expansions and anything else: compiled as usual
        }
    }

    /// Whether every syntax error of `tree` is one a listing makes on purpose: a type's missing member block
    /// (`struct Deque<Element>` with no braces), or a parameter written as its type alone, as interface listings do
    /// (`func contains(Element) -> Bool`, `init<S: Sequence>(S)`: the parser reads a name without a colon or type).
    /// Nothing unexpected, and no other token missing.
    public static func onlyHeadersLackBodies(_ tree: SourceFileSyntax) -> Bool {
        final class UnexpectedFinder: SyntaxVisitor {
            var found = false
            override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
                found = true
                return .skipChildren
            }
        }
        var missing = 0
        for token in tree.tokens(viewMode: .all) where token.presence == .missing {
            if isTypeOnlyParameter(token) { missing += 1; continue }
            guard token.tokenKind == .leftBrace || token.tokenKind == .rightBrace,
                  let block = token.parent?.as(MemberBlockSyntax.self), block.members.isEmpty else { return false }
            missing += 1
        }
        let finder = UnexpectedFinder(viewMode: .all)
        finder.walk(tree)
        return missing > 0 && !finder.found
    }

    /// A missing colon or type of a function parameter written as a bare name (`(Element)`, `` (`Self`) ``): the
    /// name is the parameter's type, as a listing writes it; a parameter with a colon and no type is an error.
    private static func isTypeOnlyParameter(_ token: TokenSyntax) -> Bool {
        guard let parameter = token.ancestor(FunctionParameterSyntax.self), parameter.colon.presence == .missing,
              parameter.secondName == nil else { return false }
        let typeMissing = parameter.type.is(MissingTypeSyntax.self)
        // `(Element)`: the parser reads a type with its name and colon missing; `` (`Self`) ``: a name, its type missing.
        return parameter.firstName.presence == .missing ? !typeMissing : typeMissing
    }

    private static func add(_ members: MemberBlockSyntax, insideProtocol: Bool, to tally: inout Tally) {
        // A header alone (its braces missing) declares the type without showing its members.
        if members.leftBrace.presence == .missing, !insideProtocol { tally.requirements += 1 }
        for member in members.members { add(member.decl, insideProtocol: insideProtocol, to: &tally) }
    }

    /// `{ get }`, `{ get set }`: accessors without bodies. A getter written as a body (`{ items.count }`) has one.
    private static func isBodyless(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .accessors(let accessors): accessors.allSatisfy { $0.body == nil }
        case .getter: false
        }
    }
}
