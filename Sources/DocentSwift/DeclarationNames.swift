import SwiftSyntax

/// The names a declaration introduces, spelled the way Swift prints full names (`greet(_:from:)`).
enum DeclarationNames {
    /// Names `decl` declares; see `Declaration.names`.
    static func names(of decl: DeclSyntax) -> [String] {
        switch decl.as(DeclSyntaxEnum.self) {
        case .variableDecl(let variable):
            return variable.bindings.flatMap { boundNames(in: $0.pattern) }
        case .functionDecl(let function):
            return [functionName(function)]
        case .structDecl(let type): return [plain(type.name)]
        case .classDecl(let type): return [plain(type.name)]
        case .enumDecl(let type): return [plain(type.name)]
        case .actorDecl(let type): return [plain(type.name)]
        case .protocolDecl(let proto): return [plain(proto.name)]
        case .typeAliasDecl(let alias): return [plain(alias.name)]
        case .associatedTypeDecl(let associated): return [plain(associated.name)]
        case .extensionDecl(let ext): return [typeName(ext.extendedType)]
        case .operatorDecl(let op): return [op.name.text]
        case .precedenceGroupDecl(let group): return [plain(group.name)]
        case .importDecl(let imp): return imp.path.first.map { [plain($0.name)] } ?? []
        case .macroDecl(let macro):
            return [fullName(plain(macro.name), labels: macro.signature.parameterClause.parameters.map(label))]
        case .initializerDecl(let initializer):
            return [fullName("init", labels: initializer.signature.parameterClause.parameters.map(label))]
        case .subscriptDecl(let sub):
            return [fullName("subscript", labels: sub.parameterClause.parameters.map(subscriptLabel))]
        case .enumCaseDecl(let enumCase):
            return enumCase.elements.map(caseName)
        default:
            return []
        }
    }

    /// Full names of the members a type, protocol or extension declares, also inside `#if` clauses.
    static func members(of decl: DeclSyntax) -> [String] {
        guard let group = decl.asProtocol(DeclGroupSyntax.self) else { return [] }
        return members(in: group.memberBlock.members)
    }

    private static func members(in list: MemberBlockItemListSyntax) -> [String] {
        list.flatMap { item -> [String] in
            if let ifConfig = item.decl.as(IfConfigDeclSyntax.self) {
                return ifConfig.clauses.flatMap { clause -> [String] in
                    guard case .decls(let decls) = clause.elements else { return [] }
                    return members(in: decls)
                }
            }
            return names(of: item.decl)
        }
    }

    /// Every identifier a binding pattern binds (`(a, (b, _))` → `a`, `b`).
    static func boundNames(in pattern: PatternSyntax) -> [String] {
        switch pattern.as(PatternSyntaxEnum.self) {
        case .identifierPattern(let identifier): return [plain(identifier.identifier)]
        case .tuplePattern(let tuple): return tuple.elements.flatMap { boundNames(in: $0.pattern) }
        case .valueBindingPattern(let binding): return boundNames(in: binding.pattern)
        default: return []
        }
    }

    /// `greet(person:)`; operator functions have no argument labels: `+(_:_:)`.
    static func functionName(_ function: FunctionDeclSyntax) -> String {
        let parameters = function.signature.parameterClause.parameters
        if isOperator(function.name) {
            return fullName(function.name.text, labels: parameters.map { _ in "_" })
        }
        return fullName(plain(function.name), labels: parameters.map(label))
    }

    static func isOperator(_ token: TokenSyntax) -> Bool {
        switch token.tokenKind {
        case .binaryOperator, .prefixOperator, .postfixOperator: return true
        default: return false
        }
    }

    /// The written name of a type without generic arguments; sugar becomes `Array`, `Dictionary`, `Optional`.
    static func typeName(_ type: TypeSyntax) -> String {
        switch type.as(TypeSyntaxEnum.self) {
        case .identifierType(let identifier): return plain(identifier.name)
        case .memberType(let member): return typeName(member.baseType) + "." + plain(member.name)
        case .arrayType: return "Array"
        case .dictionaryType: return "Dictionary"
        case .optionalType, .implicitlyUnwrappedOptionalType: return "Optional"
        case .attributedType(let attributed): return typeName(attributed.baseType)
        default: return type.trimmedDescription
        }
    }

    /// An identifier without backticks.
    static func plain(_ token: TokenSyntax) -> String {
        token.identifier?.name ?? token.text
    }

    private static func fullName(_ base: String, labels: [String]) -> String {
        base + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    private static func label(_ parameter: FunctionParameterSyntax) -> String {
        parameter.firstName.tokenKind == .wildcard ? "_" : plain(parameter.firstName)
    }

    /// Subscript parameters have no argument label unless they spell two names.
    private static func subscriptLabel(_ parameter: FunctionParameterSyntax) -> String {
        parameter.secondName == nil ? "_" : label(parameter)
    }

    private static func caseName(_ element: EnumCaseElementSyntax) -> String {
        guard let parameters = element.parameterClause?.parameters else { return plain(element.name) }
        let labels = parameters.map { parameter in
            guard let first = parameter.firstName, first.tokenKind != .wildcard else { return "_" }
            return plain(first)
        }
        return fullName(plain(element.name), labels: labels)
    }
}
