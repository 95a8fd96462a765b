import DocentCore
import DocentMarkdown

/// A snippet and what swift-syntax found in its code, which the planner needs.
public struct ExtractedSnippet: Sendable {
    public var snippet: Snippet
    public var facts: BlockFacts
}

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
        try extractWithFacts(article).map(\.snippet)
    }

    /// The snippets with what swift-syntax found in each, for the planner.
    public func extractWithFacts(_ article: Article) throws -> [ExtractedSnippet] {
        let lines = article.body.source.markdownLines
        let codeBlocks = article.body.root.filter { if case .codeBlock = $0.kind { true } else { false } }
        var nextSibling: [Int: MarkdownNode] = [:]
        article.body.root.forEach { parent in
            for (node, next) in zip(parent.children, parent.children.dropFirst()) { nextSibling[node.id] = next }
        }

        var snippets: [ExtractedSnippet] = []
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
                var (snippet, facts) = try snippetFrom(node, literal: literal, in: article, lines: lines)
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
                try Self.checkExpectationsCanBeMet(snippet)
                snippets.append(ExtractedSnippet(snippet: snippet, facts: facts))
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
                             lines: [Substring]) throws -> (Snippet, BlockFacts) {
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
        var prefixes: [Int] = []
        for (offset, text) in Self.contentLines(of: literal).enumerated() {
            let bodyLine = fenceLine + 1 + offset
            let (code, isHidden) = Self.unhide(text)
            snippetLines.append(Snippet.Line(number: bodyLine + article.bodyLineOffset, code: code, isHidden: isHidden))
            // cmark drops the fence's indentation and any container markers (`> `) from the literal, and `# `
            // hides a line: the file line ends with the code, so the difference is the width before it.
            let fileLine = bodyLine <= lines.count ? lines[bodyLine - 1] : ""
            prefixes.append(max(0, fileLine.utf8.count - code.utf8.count))
        }
        var snippet = Snippet(location: article.location(of: node.range.start), nodeID: node.id, mode: mode,
                              language: Self.language, lines: snippetLines)
        /// The file location of a position in the snippet's code.
        func located(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(path: article.path, line: snippetLines[line - 1].number, column: prefixes[line - 1] + column)
        }
        let analysis = try SnippetAnalysis(code: snippet.compiledCode, of: snippet.location, locate: located)
        var problems: [Diagnostic] = []
        for comment in analysis.valueComments {
            if comment.standalone {
                problems.append(.error(at: located(comment.line, comment.commentColumn),
                                       "a `// =>` comment must follow the code whose value it names, on the same line",
                                       notes: ["move it to the end of that line"]))
                continue
            }
            snippet.expectedValues.append(Snippet.ExpectedValue(line: snippetLines[comment.line - 1].number, text: comment.text,
                                                                column: located(comment.line, comment.valueColumn).column,
                                                                commentOffset: comment.commentColumn - 1))
        }
        snippet.expectedPrints = analysis.prints.map { print in
            Snippet.ExpectedPrint(line: snippetLines[print.line - 1].number,
                                  quoteStart: located(print.line, print.quoteStart).column,
                                  quoteEnd: located(print.line, print.quoteEnd).column, text: print.text)
        }
        snippet.placeholder = analysis.placeholders.first.map { located($0.line, $0.column) }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return (snippet, analysis.facts)
    }

    /// An `output` block, `// =>` value or `// Prints` comment on a snippet that never runs could never be checked:
    /// an error, never a silent pass.
    static func checkExpectationsCanBeMet(_ snippet: Snippet) throws {
        guard !snippet.mode.carriesExpectations else { return }
        var problems: [Diagnostic] = []
        let fix = "remove it, or drop `\(snippet.mode.attribute)` so the snippet runs"
        if let output = snippet.expectedOutput {
            problems.append(.error(at: output.location,
                                   "an `output` block cannot follow a `\(snippet.mode.attribute)` snippet: it never runs, so nothing checks it",
                                   notes: [fix]))
        }
        for value in snippet.expectedValues {
            problems.append(.error(at: SourceLocation(path: snippet.location.path, line: value.line, column: value.column),
                                   "a `// =>` value in a `\(snippet.mode.attribute)` snippet is never checked: the snippet never runs",
                                   notes: [fix]))
        }
        for print in snippet.expectedPrints {
            problems.append(.error(at: print.location(in: snippet.location.path),
                                   "a `// Prints` comment in a `\(snippet.mode.attribute)` snippet is never checked: the snippet never runs",
                                   notes: [fix + ", or write it as a plain comment (`// prints:`)"]))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
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
