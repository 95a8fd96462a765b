import DocentCore

/// The modules an article imports when its `imports:` is unset: every library module of the documented package,
/// unless the article's own code imports some of them (in any block, a declaration listing too): then only those,
/// as its author chose. Importing an umbrella module beside the modules it re-exports can make a name ambiguous
/// (swift-collections' `Collections` declares `OrderedSet` again), which the author's choice avoids.
///
/// ```swift
/// PackageImports.defaults(packageModules: ["OrderedCollections", "Collections"], snippets: records)
/// // ["OrderedCollections"] when a block of the article says `import OrderedCollections`
/// ```
package enum PackageImports {
    package static func defaults(packageModules: [String], snippets: [SnippetRecord]) -> [String] {
        let named = Set(snippets.flatMap { record in record.snippet.lines.compactMap { importedModule(in: $0.code) } })
        let chosen = packageModules.filter(named.contains)
        return chosen.isEmpty ? packageModules : chosen
    }

    /// Adds `--import`'s modules after those of either list (the defaults, or `imports:` when set), each once, and
    /// under `--testable` marks the package's modules `@testable` (``ProgramSourceBuilder`` writes them so).
    package static func apply(_ choices: PackageChoices, packageModules: [String], defaults: inout [String], settings: inout [String]?) {
        func adjusted(_ list: [String]) -> [String] {
            var result = list
            for module in choices.imports where !result.contains(module) && !result.contains(testable + module) { result.append(module) }
            guard choices.testable else { return result }
            return result.map { packageModules.contains($0) ? testable + $0 : $0 }
        }
        defaults = adjusted(defaults)
        settings = settings.map(adjusted)
    }

    /// The prefix of a module in an import list that is imported `@testable`.
    static let testable = "@testable "

    /// The import line for a module of an import list.
    static func importLine(_ module: String) -> String {
        module.hasPrefix(testable) ? "@testable import \(module.dropFirst(testable.count))" : "import \(module)"
    }

    /// The module an `import` line names (its first component), attributes and kinds allowed before it.
    static func importedModule(in line: String) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        words = words.dropFirst()
        let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        if let kind = words.first, kinds.contains(kind), words.count >= 2 { words = words.dropFirst() }
        guard let path = words.first else { return nil }
        let module = path.split(separator: ".").first.map(String.init) ?? ""
        return module.isEmpty || module.hasPrefix("//") ? nil : module
    }
}
