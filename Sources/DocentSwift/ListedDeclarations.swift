import SwiftParser
import SwiftSyntax

/// The API a declaration listing names, as a symbol graph names it: `chunked(by:)`, `init(_:)`, `subscript(_:)`,
/// `count`, `Deque`, each with where it is written, so a listing can be checked against a package's public API.
///
/// ```swift
/// ListedDeclarations.names(in: "extension Collection {\n  func chunked(by: (Element) -> Bool) -> [SubSequence]\n}")
/// // [Collection at 1:11, chunked(by:) at 2:8]
/// ```
public enum ListedDeclarations {
    /// One declared name and its position (line and UTF-8 column, 1-based, in the code given).
    public struct Name: Sendable, Hashable {
        public var name: String
        public var line: Int
        public var column: Int
        /// Whether it is the extended type of an extension (`Collection`): named, but possibly the standard library's.
        public var isExtendedType: Bool
        /// The type it is declared in, as the last component of its name (`Collection` for a member of
        /// `extension Swift.Collection where …`, `Inner` inside `struct Outer { struct Inner { … } }`); nil at top level.
        public var parent: String? = nil
    }

    public static func names(in code: String) -> [Name] {
        let tree = Parser.parse(source: code)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var names: [Name] = []
        var parent: String?
        func add(_ name: String, at token: some SyntaxProtocol, extended: Bool = false) {
            let location = token.startLocation(converter: converter)
            names.append(Name(name: name, line: location.line, column: location.column, isExtendedType: extended,
                              parent: extended ? nil : parent))
        }
        /// Visits the members of a type named `name`, as its members.
        func visitMembers(of name: String, _ members: MemberBlockSyntax) {
            let outer = parent
            parent = name
            members.members.forEach { visit($0.decl) }
            parent = outer
        }
        func visit(_ decl: DeclSyntax) {
            switch decl.as(DeclSyntaxEnum.self) {
            case .functionDecl(let function):
                // An operator's parameters take no argument labels.
                let isOperator = function.name.text.first.map { !($0.isLetter || $0 == "_" || $0 == "`") } ?? false
                add(function.name.text + labels(function.signature.parameterClause.parameters, unlabeled: isOperator), at: function.name)
            case .initializerDecl(let initializer):
                add("init" + labels(initializer.signature.parameterClause.parameters), at: initializer.initKeyword)
            case .subscriptDecl(let subscriptDecl):
                add("subscript" + labels(subscriptDecl.parameterClause.parameters, subscript: true), at: subscriptDecl.subscriptKeyword)
            case .variableDecl(let variable):
                for binding in variable.bindings {
                    if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { add(pattern.identifier.text, at: pattern.identifier) }
                }
            case .structDecl(let type): add(type.name.text, at: type.name); visitMembers(of: type.name.text, type.memberBlock)
            case .classDecl(let type): add(type.name.text, at: type.name); visitMembers(of: type.name.text, type.memberBlock)
            case .enumDecl(let type): add(type.name.text, at: type.name); visitMembers(of: type.name.text, type.memberBlock)
            case .actorDecl(let type): add(type.name.text, at: type.name); visitMembers(of: type.name.text, type.memberBlock)
            case .protocolDecl(let type): add(type.name.text, at: type.name); visitMembers(of: type.name.text, type.memberBlock)
            case .extensionDecl(let type):
                let extended = type.extendedType.trimmedDescription
                let name = String((extended.split(separator: ".").last ?? Substring(extended)).prefix { $0 != "<" })
                add(name, at: type.extendedType, extended: true)
                visitMembers(of: name, type.memberBlock)
            case .ifConfigDecl(let ifConfig):
                for clause in ifConfig.clauses {
                    switch clause.elements {
                    case .statements(let statements): statements.compactMap { $0.item.as(DeclSyntax.self) }.forEach(visit)
                    case .decls(let members): members.forEach { visit($0.decl) }
                    default: break
                    }
                }
            default:
                break
            }
        }
        for statement in tree.statements {
            if let decl = statement.item.as(DeclSyntax.self) { visit(decl) }
        }
        return names
    }

    /// `(by:)`, `(_:_:)`: each parameter's argument label, `_` for none (a subscript's parameters have none unless
    /// named twice), and for a parameter written as its type alone.
    private static func labels(_ parameters: FunctionParameterListSyntax, subscript isSubscript: Bool = false,
                               unlabeled: Bool = false) -> String {
        "(" + parameters.map { parameter -> String in
            if unlabeled { return "_:" }
            guard parameter.firstName.presence == .present, parameter.colon.presence == .present else { return "_:" }
            if isSubscript, parameter.secondName == nil { return "_:" }
            return parameter.firstName.text + ":"
        }.joined() + ")"
    }
}
