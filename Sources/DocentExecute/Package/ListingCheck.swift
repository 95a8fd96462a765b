import DocentCore
import DocentSwift

/// A declaration listing checked against the documented package's public API (its symbol graphs): each function,
/// initialiser, subscript, property and type it declares must be one the package has, by name and argument labels;
/// one it lacks fails at its place, naming the package's closest name. Docs drift exactly there.
///
/// ```swift
/// ListingCheck.check(snippet, against: symbols)   // nil when every name is the package's
/// ```
enum ListingCheck {
    static func check(_ snippet: Snippet, against symbols: PackageSymbols) -> SnippetRun? {
        let code = snippet.lines.map(\.code).joined(separator: "\n")
        var diagnostics: [Diagnostic] = []
        for listed in ListedDeclarations.names(in: code) where !listed.isExtendedType && !symbols.contains(listed.name, in: listed.parent) {
            let line = snippet.lines.indices.contains(listed.line - 1) ? snippet.lines[listed.line - 1].number : snippet.location.line
            let location = SourceLocation(path: snippet.location.path, line: line, column: listed.column)
            if let parent = listed.parent, symbols.contains(listed.name) {
                // The name is the package's, but not the listed type's: a member moved, or a type renamed.
                let elsewhere = symbols.parents(of: listed.name).prefix(3).map { "'\($0)'" }
                let closest = symbols.closest(to: listed.name, among: symbols.names(in: parent))
                diagnostics.append(PackageDiagnostics.listingNotAMember(listed.name, in: parent, elsewhere: Array(elsewhere),
                                                                        closest: closest, at: location))
                continue
            }
            let inParent = listed.parent.map { symbols.names(in: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            let closest = inParent.flatMap { symbols.closest(to: listed.name, among: $0) } ?? symbols.closest(to: listed.name)
            diagnostics.append(PackageDiagnostics.listingUnknownName(listed.name, closest: closest, at: location))
        }
        return diagnostics.isEmpty ? nil : SnippetRun(outcome: .compileFailed, diagnostics: diagnostics)
    }
}
