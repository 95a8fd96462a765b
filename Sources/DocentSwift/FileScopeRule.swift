import SwiftSyntax

/// Which declarations Swift accepts only at file scope, so Docent must hoist them out of a block's nested scope.
///
/// Checked with swiftc 6.3.1 (Linux) by compiling `main.swift` files whose declarations sit in a top-level `do { }`:
/// - Rejected locally: `extension` and `precedencegroup` ("declaration is only valid at file scope"), `import`,
///   `infix operator` ("'operator' may only be declared at file scope"), operator functions even for an existing
///   operator (`func +++ (a: Int, b: Int) -> Int`: "operator functions can only be declared at global or in type
///   scope"), `macro` declarations, any access modifier (`public`, `private`, `private(set)`, `fileprivate`,
///   `internal`, `open`, `package`: "can only be used in a non-local scope"), `@_cdecl`, `@_silgen_name`,
///   `@inlinable`, `@usableFromInline`, and types with an attached extension macro (`@Observable`: "local type
///   cannot have attached extension macro"). `@main` only works at file scope.
/// - Accepted locally: `struct`/`class`/`enum`/`actor` including generic ones (`struct Box<T>`), `@propertyWrapper`
///   and `@resultBuilder` types (and their use), static stored properties in local types, `typealias` (generic too),
///   local functions (generic, overloaded by labels or types, used before their declaration, mutually recursive),
///   `lazy` and observed local variables, `@dynamicMemberLookup`, `@globalActor`, `indirect enum`, and
///   — surprisingly — `protocol` (with associated types too). Protocols still count as file-scope here: an
///   extension of a protocol, which tutorials write all the time, is hoisted and must see the protocol.
/// - Other findings: local types cannot be declared in a generic function; a local type cannot capture a local
///   variable ("struct declaration cannot close over value"); a hoisted extension cannot see a local type, so the
///   type it extends must be hoisted with it; local variables cannot be used before their declaration, local
///   functions and types can; redeclaring the same name in the same scope is an error, in a nested scope it is not.
enum FileScopeRule {
    /// Kinds that always go to file scope: Swift rejects all of them in a function body, except protocols (above).
    static let fileScopeKinds: Set<Declaration.Kind> = [
        .protocol, .extension, .operatorDeclaration, .precedenceGroup, .importDeclaration, .macro,
    ]
    /// Attributes a local declaration may not carry. `Model` (SwiftData, not on Linux) is an attached extension
    /// macro like `Observable`; it is listed by that rule, untested.
    static let fileScopeAttributes: Set<String> = [
        "main", "_cdecl", "_silgen_name", "inlinable", "usableFromInline", "Observable", "Model",
    ]
    /// Access levels: local declarations cannot have one.
    static let accessModifiers: Set<Keyword> = [.public, .private, .fileprivate, .internal, .open, .package]

    static func mustBeAtFileScope(_ decl: DeclSyntax, kind: Declaration.Kind) -> Bool {
        if fileScopeKinds.contains(kind) { return true }
        if let function = decl.as(FunctionDeclSyntax.self), DeclarationNames.isOperator(function.name) { return true }
        if let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
            modifiers.contains(where: { modifier in
                if case .keyword(let keyword) = modifier.name.tokenKind { return accessModifiers.contains(keyword) }
                return false
            })
        {
            return true
        }
        if let attributes = decl.asProtocol(WithAttributesSyntax.self)?.attributes,
            attributes.contains(where: { element in
                guard case .attribute(let attribute) = element,
                    let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name
                else { return false }
                return fileScopeAttributes.contains(DeclarationNames.plain(name))
            })
        {
            return true
        }
        return false
    }
}
