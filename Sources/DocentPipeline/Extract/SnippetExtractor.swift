import DocentCore
import DocentMarkdown

/// The Extract stage: finds an article's Swift snippets, their attributes, hidden lines and expectations.
///
/// ```swift
/// let snippets = try SnippetExtractor().extract(article)   // [Snippet], in document order
/// ```
///
/// A snippet is a fenced code block whose info string starts with the word `swift`; an `output` block
/// right after one is its expected output. Every problem in the article is thrown at once.
public struct SnippetExtractor: Sendable {
    public static let language = "swift"
    public static let outputInfo = "output"

    public init() {}

    public func extract(_ article: Article) throws -> [Snippet] {
        let lines = article.body.source.markdownLines
        let codeBlocks = article.body.root.filter { if case .codeBlock = $0.kind { true } else { false } }
        var nextSibling: [Int: MarkdownNode] = [:]
        article.body.root.forEach { parent in
            for (node, next) in zip(parent.children, parent.children.dropFirst()) { nextSibling[node.id] = next }
        }

        var snippets: [Snippet] = []
        var problems: [Diagnostic] = []
        var claimedOutputs: Set<Int> = []
        for node in codeBlocks {
            guard case .codeBlock(let info, let literal, _) = node.kind else { continue }
            let firstWord = Self.firstWord(of: info)
            if firstWord == Self.outputInfo {
                if !claimedOutputs.contains(node.id) {
                    problems.append(.error(at: article.location(of: node.range.start),
                                           "an `output` block must come right after a swift snippet",
                                           notes: ["move it under the ```swift block whose output it shows, or use another info string"]))
                }
                continue
            }
            guard firstWord == Self.language else { continue }
            do {
                var snippet = try snippetFrom(node, literal: literal, in: article, lines: lines)
                if let next = nextSibling[node.id], case .codeBlock(let nextInfo, let nextLiteral, _) = next.kind,
                   Self.firstWord(of: nextInfo) == Self.outputInfo {
                    claimedOutputs.insert(next.id)
                    let first = next.range.start.line + 1 + article.bodyLineOffset
                    let count = Self.contentLines(of: nextLiteral).count
                    snippet.expectedOutput = Snippet.ExpectedOutput(
                        text: Self.contentLines(of: nextLiteral).joined(separator: "\n"),
                        location: article.location(of: next.range.start), nodeID: next.id,
                        firstLine: first, lastLine: first + count - 1)
                }
                snippets.append(snippet)
            } catch {
                problems += DiagnosticError.diagnostics(from: error)
                if let next = nextSibling[node.id], case .codeBlock(let nextInfo, _, _) = next.kind,
                   Self.firstWord(of: nextInfo) == Self.outputInfo {
                    claimedOutputs.insert(next.id)
                }
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return snippets
    }

    private func snippetFrom(_ node: MarkdownNode, literal: String, in article: Article,
                             lines: [Substring]) throws -> Snippet {
        let fenceLine = node.range.start.line
        let raw = fenceLine >= 1 && fenceLine <= lines.count ? lines[fenceLine - 1] : ""
        let parsed = SnippetAttributes.words(inFenceLine: raw)
        let locate = { (column: Int) in article.location(of: MarkdownPosition(line: fenceLine, column: column)) }
        if let quote = parsed.unclosedQuote {
            throw Diagnostic.error(at: locate(quote), "this quote is never closed",
                                   notes: ["write compile-fail=\"text\" with a closing quote"])
        }
        let mode = try SnippetAttributes.mode(from: Array(parsed.words.dropFirst()), at: locate).get()

        var snippetLines: [Snippet.Line] = []
        var values: [Snippet.ExpectedValue] = []
        for (offset, text) in Self.contentLines(of: literal).enumerated() {
            let bodyLine = fenceLine + 1 + offset
            let number = bodyLine + article.bodyLineOffset
            let (code, isHidden) = Self.unhide(text)
            snippetLines.append(Snippet.Line(number: number, code: code, isHidden: isHidden))
            if let comment = ValueComment.find(in: text[...]) {
                // cmark drops the fence's indentation and any container markers (`> `) from the literal;
                // the file line ends with the literal line, so the difference is their width.
                let fileLine = bodyLine <= lines.count ? lines[bodyLine - 1] : ""
                let prefix = max(0, fileLine.utf8.count - text.utf8.count)
                values.append(Snippet.ExpectedValue(line: number, text: comment.text,
                                                    column: prefix + comment.valueOffset + 1))
            }
        }
        return Snippet(location: article.location(of: node.range.start), nodeID: node.id, mode: mode,
                       language: Self.language, lines: snippetLines, expectedValues: values)
    }

    /// `# code` and a lone `#` (after any indentation) are compiled but hidden; the code keeps its indentation.
    static func unhide(_ line: String) -> (code: String, isHidden: Bool) {
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        let rest = line.dropFirst(indentation.count)
        if rest == "#" { return (String(indentation), true) }
        if rest.hasPrefix("# ") { return (String(indentation) + rest.dropFirst(2), true) }
        return (line, false)
    }

    /// A code block's lines (cmark's literal ends with a newline unless the block is empty).
    static func contentLines(of literal: String) -> [String] {
        guard !literal.isEmpty else { return [] }
        let body = literal.hasSuffix("\n") ? String(literal.dropLast()) : literal
        return body.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    static func firstWord(of info: String) -> String {
        String(info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
}
