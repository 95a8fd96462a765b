import SwiftSyntax

/// The type a block marks `@main`: the entry point of a program of its own.
public struct EntryPoint: Sendable, Hashable, Codable {
    /// The type's name (`Repeat`).
    public var typeName: String
    /// Where the `@main` attribute is: its UTF-8 offsets (the `@` to the end of `main`) and position.
    public var attributeStart: Int
    public var attributeEnd: Int
    public var position: Position

    public init(typeName: String, attributeStart: Int, attributeEnd: Int, position: Position) {
        self.typeName = typeName
        self.attributeStart = attributeStart
        self.attributeEnd = attributeEnd
        self.position = position
    }

    /// The first top-level type (also inside a top-level `#if` clause) that carries `@main`.
    static func find(in tree: SourceFileSyntax, positions: SourcePositions) -> EntryPoint? {
        func search(_ statements: CodeBlockItemListSyntax) -> EntryPoint? {
            for statement in statements {
                guard case .decl(let decl) = statement.item else { continue }
                if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                    for clause in ifConfig.clauses {
                        if case .statements(let inner) = clause.elements, let found = search(inner) { return found }
                    }
                    continue
                }
                guard let group = decl.asProtocol(DeclGroupSyntax.self),
                      let name = DeclarationNames.names(of: decl).first else { continue }
                for element in group.attributes {
                    guard case .attribute(let attribute) = element,
                          attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text == "main" else { continue }
                    let start = positions.start(of: attribute)
                    return EntryPoint(typeName: name, attributeStart: start.offset,
                                      attributeEnd: positions.end(of: attribute).offset, position: start)
                }
            }
            return nil
        }
        return search(tree.statements)
    }
}
