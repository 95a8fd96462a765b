import DocentCore
import DocentMarkdown

/// Finds the article a DocC reference names: `<doc:TheBasics>` is the article whose file is `TheBasics.md`
/// anywhere in the content folder; folders written before the name (`<doc:LanguageGuide/TheBasics>`) choose among
/// articles of the same name. The name is matched exactly, else without regard to case.
///
/// ```swift
/// let resolver = DocReferenceResolver(articles: ["LanguageGuide/TheBasics.md"])
/// resolver.resolve(DocReference("doc:TheBasics")!)   // .found("LanguageGuide/TheBasics.md")
/// ```
struct DocReferenceResolver: Sendable {
    /// What a reference leads to.
    enum Resolution: Equatable {
        case found(String)
        /// Several articles have that name and the folders written do not tell them apart.
        case ambiguous([String])
        case missing
    }

    /// Article paths by file name without `.md`.
    private let byName: [String: [String]]

    init(articles relativePaths: [String]) {
        var byName: [String: [String]] = [:]
        for path in relativePaths {
            let file = path.split(separator: "/").last.map(String.init) ?? path
            let name = file.hasSuffix(".md") ? String(file.dropLast(3)) : file
            byName[name, default: []].append(path)
        }
        self.byName = byName
    }

    func resolve(_ reference: DocReference) -> Resolution {
        var candidates = byName[reference.name] ?? []
        if candidates.isEmpty {
            let lowered = reference.name.lowercased()
            candidates = byName.filter { $0.key.lowercased() == lowered }.flatMap(\.value).sorted()
        }
        if candidates.count > 1, !reference.folders.isEmpty {
            let suffix = reference.folders.joined(separator: "/").lowercased() + "/"
            let narrowed = candidates.filter { $0.lowercased().dropLast(reference.name.count + 3).hasSuffix(suffix) }
            if !narrowed.isEmpty { candidates = narrowed }
        }
        switch candidates.count {
        case 0: return .missing
        case 1: return .found(candidates[0])
        default: return .ambiguous(candidates.sorted())
        }
    }
}
