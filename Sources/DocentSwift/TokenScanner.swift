import SwiftSyntax

/// Looks at every token for editor placeholders (`<#name#>`), Docent's reserved names and attributes that reach
/// the linker (``TokenScanner/linkerAttributes``), wherever they are: in any scope and in every `#if` clause.
struct TokenScanner {
    /// Attribute names that place data in a named section or keep it alive for the linker: with them, a program
    /// can write entries into `.swift1_autolink_entries`, which the compiler driver turns into linker options.
    static let linkerAttributes: Set<String> = ["_section", "section", "_used", "used"]

    private(set) var placeholders: [Position] = []
    private(set) var reservedNameUses: [ReservedNameUse] = []
    /// Each linker attribute, at its `@`.
    private(set) var linkerAttributeUses: [ReservedNameUse] = []

    init(tree: SourceFileSyntax, positions: SourcePositions, reservedPrefixes: [String]) {
        var atSign: TokenSyntax?
        for token in tree.tokens(viewMode: .sourceAccurate) {
            defer { atSign = token.tokenKind == .atSign ? token : nil }
            if token.isEditorPlaceholder {
                placeholders.append(positions.start(of: token))
            } else if let name = token.identifier?.name {
                if reservedPrefixes.contains(where: name.hasPrefix) {
                    reservedNameUses.append(ReservedNameUse(name: name, position: positions.start(of: token)))
                }
                if let atSign, Self.linkerAttributes.contains(name) {
                    linkerAttributeUses.append(ReservedNameUse(name: "@" + name, position: positions.start(of: atSign)))
                }
            }
        }
    }
}
