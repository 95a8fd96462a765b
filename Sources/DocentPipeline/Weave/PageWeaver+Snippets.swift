import DocentCore

extension PageWeaver {
    /// The snippet `@Snippet(path:)` names, as DocC writes the path (`swift-log/Snippets/basic-usage`: the package's
    /// name, `Snippets/`, the file's name without `.swift`, in any group folder): matched from its `Snippets`
    /// component, else by its last component when only one snippet has that name.
    func snippetProgram(at path: String) -> CheckedSnippet? {
        let components = path.split(separator: "/").map(String.init)
        if let start = components.firstIndex(of: "Snippets"), let found = snippetPrograms[components[start...].joined(separator: "/")] {
            return found
        }
        guard let name = components.last else { return nil }
        let named = snippetPrograms.filter { $0.key.split(separator: "/").last.map(String.init) == name }
        return named.count == 1 ? named.first?.value : nil
    }

    /// The checked snippets of a package's `Snippets/` articles, keyed as ``snippetPrograms`` is.
    static func snippetPrograms(_ records: [ArticleRecord], sets: [DocumentationSet]) -> [String: CheckedSnippet] {
        guard let folder = sets.first(where: { $0.kind == .snippets }) else { return [:] }
        var programs: [String: CheckedSnippet] = [:]
        for record in records where folder.contains(record.article.relativePath) {
            guard let checked = record.checked.first else { continue }
            programs[String(record.article.relativePath.dropLast(".md".count))] = checked
        }
        return programs
    }
}
