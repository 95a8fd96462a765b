import SwiftSyntax

/// A block of member declarations only (`@State private var name = ""`, `mutating func`, `init(…)`, `static`
/// members): the members of a type the text shows elsewhere, checked inside a type of Docent's.
public struct MemberFragment: Sendable, Hashable, Codable {
    /// Whether the members need a class (`override`, `convenience`, `required`, `class` members, `deinit`,
    /// `@Published`, `@objc`); otherwise a struct holds them.
    public var needsClass: Bool
    /// Whether an extension may hold every member: no stored instance property (property wrappers included), no
    /// `deinit`, no `override` or `required` member. Such a fragment is checked as an extension of the type a nearby
    /// block declares, so its members see the type's own.
    public var fitsExtension: Bool

    public init(needsClass: Bool, fitsExtension: Bool = false) {
        self.needsClass = needsClass
        self.fitsExtension = fitsExtension
    }

    /// Modifiers only a member may carry.
    static let memberModifiers: Set<Keyword> = [.mutating, .nonmutating, .static, .class, .override, .convenience, .required]
    /// Modifiers and attributes that only a class's members may carry.
    static let classModifiers: Set<Keyword> = [.class, .override, .convenience, .required]
    static let classAttributes: Set<String> = ["Published", "objc"]
    /// Capitalised attributes that are not property wrappers: allowed on a top-level declaration.
    static let plainAttributes: Set<String> = ["MainActor", "Sendable", "IBAction", "IBOutlet"]

    /// The fragment a block is, or nil: every top-level item is a declaration, and at least one can only be a
    /// member (an initializer, `deinit`, a subscript, a member modifier, or a variable with a property wrapper).
    static func find(in tree: SourceFileSyntax) -> MemberFragment? {
        var memberOnly = false
        var needsClass = false
        var fitsExtension = true
        for statement in tree.statements {
            guard case .decl(let decl) = statement.item else { return nil }
            if decl.is(ImportDeclSyntax.self) || decl.is(IfConfigDeclSyntax.self) || decl.is(ExtensionDeclSyntax.self)
                || decl.is(ProtocolDeclSyntax.self) || decl.is(OperatorDeclSyntax.self) { return nil }
            if decl.is(InitializerDeclSyntax.self) || decl.is(SubscriptDeclSyntax.self) { memberOnly = true }
            if decl.is(DeinitializerDeclSyntax.self) { memberOnly = true; needsClass = true; fitsExtension = false }
            if let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers {
                for modifier in modifiers {
                    guard case .keyword(let keyword) = modifier.name.tokenKind else { continue }
                    if memberModifiers.contains(keyword) { memberOnly = true }
                    if classModifiers.contains(keyword) { needsClass = true }
                    if keyword == .override || keyword == .required { fitsExtension = false }
                }
            }
            if let variable = decl.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
                if !isStatic, variable.bindings.contains(where: { $0.accessorBlock == nil }) { fitsExtension = false }
                for element in variable.attributes {
                    guard case .attribute(let attribute) = element,
                          let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text else { continue }
                    if classAttributes.contains(name) { needsClass = true }
                    if name.first?.isUppercase == true, !plainAttributes.contains(name) { memberOnly = true }
                }
            }
        }
        return memberOnly ? MemberFragment(needsClass: needsClass, fitsExtension: fitsExtension) : nil
    }
}
