import DocentCore

/// One `main.swift` made of some of an article's snippets, each behind a `#sourceLocation` naming its Markdown lines.
///
/// Before each snippet the program calls `__docent_snippet(k)`, under a line number no Markdown file reaches, so the
/// runtime can tell where each snippet's output begins. Boundary `k` is snippet `snippetIndices[k]` of the article.
struct ArticleProgram: Sendable, Hashable {
    /// Lines of Docent's own calls are numbered from here; the runtime ignores them.
    static let boundaryLine = 100_000_000

    var source: String
    /// Indices into the article's snippets, in program order.
    var snippetIndices: [Int]

    init(articlePath: String, snippets: [Snippet], including indices: [Int]) {
        var lines = ["import PlaygroundRuntime"]
        let file = Self.quoted(articlePath)
        for (boundary, index) in indices.enumerated() {
            lines.append("#sourceLocation(file: \"__docent__\", line: \(Self.boundaryLine))")
            lines.append("__docent_snippet(\(boundary))")
            var next: Int?
            for line in snippets[index].lines {
                if line.number != next { lines.append("#sourceLocation(file: \(file), line: \(line.number))") }
                lines.append(line.code)
                next = line.number + 1
            }
        }
        source = lines.joined(separator: "\n") + "\n"
        snippetIndices = indices
    }

    /// Every shared-scope snippet of the article, in order: the article's one main program.
    static func main(articlePath: String, snippets: [Snippet]) -> ArticleProgram {
        ArticleProgram(articlePath: articlePath, snippets: snippets,
                       including: snippets.indices.filter { snippets[$0].isShared })
    }

    /// The program of an `isolated`, `no-run`, `compile-fail` or `crash` snippet: the earlier shared snippets and
    /// it (an isolated snippet alone).
    static func separate(for index: Int, articlePath: String, snippets: [Snippet]) -> ArticleProgram {
        let earlier = snippets[index].mode == .isolated ? [] : snippets.indices.prefix(index).filter { snippets[$0].isShared }
        return ArticleProgram(articlePath: articlePath, snippets: snippets, including: earlier + [index])
    }

    /// A Swift string literal holding `text`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
