import SwiftSyntax

/// Looks at every identifier token for editor placeholders (`<#name#>`) and Docent's reserved names.
struct TokenScanner {
    private(set) var placeholders: [Position] = []
    private(set) var reservedNameUses: [ReservedNameUse] = []

    init(tree: SourceFileSyntax, positions: SourcePositions, reservedPrefixes: [String]) {
        for token in tree.tokens(viewMode: .sourceAccurate) {
            if token.isEditorPlaceholder {
                placeholders.append(positions.start(of: token))
            } else if let name = token.identifier?.name, reservedPrefixes.contains(where: name.hasPrefix) {
                reservedNameUses.append(ReservedNameUse(name: name, position: positions.start(of: token)))
            }
        }
    }
}
