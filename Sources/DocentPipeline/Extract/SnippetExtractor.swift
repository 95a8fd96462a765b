import DocentCore
import DocentMarkdown
import DocentSwift

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

    /// Where swift-syntax's readings of snippets are kept between builds; `nil` reads every snippet.
    public var analysisCache: AnalysisCache?

    public init(analysisCache: AnalysisCache? = nil) {
        self.analysisCache = analysisCache
    }

    public func extract(_ article: Article) throws -> [Snippet] {
        try extractWithFacts(article).map(\.snippet)
    }

    /// The snippets' records: each snippet with what swift-syntax found in it, for the planner.
    public func extractWithFacts(_ article: Article) throws -> [SnippetRecord] {
        var nextSibling: [Int: MarkdownNode] = [:]
        var previousSibling: [Int: MarkdownNode] = [:]
        article.body.root.forEach { parent in
            for (node, next) in zip(parent.children, parent.children.dropFirst()) {
                nextSibling[node.id] = next
                previousSibling[next.id] = node
            }
        }
        /// The `output` block right after `node`, if there is one.
        func outputBlock(after node: MarkdownNode) -> (node: MarkdownNode, block: CodeBlock)? {
            guard let next = nextSibling[node.id], case .codeBlock(let block) = next.kind,
                  block.language == Self.outputInfo else { return nil }
            return (next, block)
        }

        var snippets: [SnippetRecord] = []
        var problems: [Diagnostic] = []
        var claimedOutputs: Set<Int> = []
        article.body.root.forEach { node in
            guard case .codeBlock(let block) = node.kind else { return }
            if block.language == Self.outputInfo {
                if !claimedOutputs.contains(node.id) {
                    problems.append(.orphanOutput(at: article.location(of: node.range.start)))
                }
                return
            }
            guard block.language == Self.language else { return }
            let output = outputBlock(after: node)
            if let output { claimedOutputs.insert(output.node.id) }
            do {
                var (snippet, facts) = try snippetFrom(node, block: block, in: article,
                                                       nearbyType: Self.fragmentType(prose: previousSibling[node.id],
                                                                                     earlier: snippets.map(\.facts)))
                if let (next, outputBlock) = output, let fence = outputBlock.fence {
                    let first = next.range.start.line + 1 + article.bodyLineOffset
                    snippet.expectedOutput = Snippet.ExpectedOutput(
                        text: outputBlock.codeLines.joined(separator: "\n"),
                        location: article.location(of: next.range.start), nodeID: next.id,
                        firstLine: first, lastLine: first + outputBlock.lines.count - 1, fence: fence)
                    snippet.listing = nil  // an `output` block says the snippet runs
                }
                try Self.checkExpectationsCanBeMet(snippet)
                snippets.append(SnippetRecord(snippet: snippet, facts: facts))
            } catch {
                problems += DiagnosticError.diagnostics(from: error)
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return snippets
    }

    /// The type a member fragment belongs to: the one type the nearest earlier block that declares types declares
    /// (nil when that block declares several).
    static func nearbyType(_ earlier: [BlockFacts]) -> String? {
        guard let nearest = earlier.last(where: { !declaredTypes($0).isEmpty }) else { return nil }
        let names = Set(declaredTypes(nearest))
        return names.count == 1 ? names.first : nil
    }

    private func snippetFrom(_ node: MarkdownNode, block: CodeBlock, in article: Article,
                             nearbyType: String? = nil) throws -> (Snippet, BlockFacts) {
        let fenceLine = node.range.start.line
        let locate = { (column: Int) in article.location(of: MarkdownPosition(line: fenceLine, column: column)) }
        if let quote = block.unclosedQuote {
            throw Diagnostic.unclosedQuote(at: locate(quote))
        }
        let attributes = try SnippetAttributes.read(from: Array(block.infoWords.dropFirst()), at: locate).get()
        let mode = attributes.mode

        var snippetLines: [Snippet.Line] = []
        var prefixes: [Int] = []
        // A SwiftPM snippet's lines are its file's, hidden by its markers; an article's are hidden by `# `.
        let snippetHidden = SnippetFile.isSnippet(path: article.path) ? SnippetFile.hiddenLines(of: block.lines.map(\.text)) : nil
        for (index, line) in block.lines.enumerated() {
            let (code, isHidden) = snippetHidden.map { (line.text, $0[index]) } ?? Self.unhide(line.text)
            snippetLines.append(Snippet.Line(number: line.number + article.bodyLineOffset, code: code, isHidden: isHidden))
            // cmark drops the fence's indentation and any container markers (`> `) from the line, and `# ` hides
            // a line: the width before the code is both.
            prefixes.append(line.prefixWidth + line.text.utf8.count - code.utf8.count)
        }
        // A SwiftPM snippet has no fence of its own (its file's first line would map to line 0): it is at line 1.
        let location = snippetHidden == nil ? article.location(of: node.range.start) : SourceLocation(path: article.path, line: 1, column: 1)
        var snippet = Snippet(location: location, nodeID: node.id, mode: mode, language: Self.language, lines: snippetLines)
        snippet.valueDisplay = attributes.values
        /// The file location of a position in the snippet's code.
        func located(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(path: article.path, line: snippetLines[line - 1].number, column: prefixes[line - 1] + column)
        }
        let analysis = try SnippetAnalysis(code: snippet.compiledCode, of: snippet.location, cache: analysisCache, locate: located)
        var problems: [Diagnostic] = []
        for comment in analysis.valueComments {
            if comment.standalone {
                problems.append(.standaloneValueComment(at: located(comment.line, comment.commentColumn)))
                continue
            }
            snippet.expectedValues.append(Snippet.ExpectedValue(line: snippetLines[comment.line - 1].number, text: comment.text,
                                                                column: located(comment.line, comment.valueColumn).column,
                                                                commentOffset: comment.commentColumn - 1))
        }
        for quiet in QuietComments.find(in: snippet.compiledCode) {
            let location = located(quiet.line, quiet.column)
            if quiet.standalone {
                problems.append(.standaloneQuietComment(at: location))
            } else if !mode.runs {
                problems.append(.quietNeverRuns(mode, at: location))
            } else {
                snippet.quietMarks.append(Snippet.QuietMark(line: location.line, commentOffset: quiet.column - 1))
            }
        }
        snippet.expectedPrints = analysis.prints.map { print in
            Snippet.ExpectedPrint(line: snippetLines[print.line - 1].number,
                                  quoteStart: located(print.line, print.quoteStart).column,
                                  quoteEnd: located(print.line, print.quoteEnd).column, text: print.text,
                                  form: Self.form(print.form), isBlockLine: print.isBlockLine,
                                  commentColumn: located(print.line, print.commentColumn).column)
        }
        snippet.declaredTests = analysis.analysis.tests.map { snippetLines[$0.line - 1].number }
        snippet.warnings = analysis.printsWarnings.map { warning in
            .printsComment(warning, at: located(warning.line, warning.column))
        }
        if mode != .ignore {
            snippet.markedErrors = analysis.errorMarks.map { mark in
                Snippet.MarkedError(line: snippetLines[mark.line - 1].number, commentLine: snippetLines[mark.commentLine - 1].number,
                                    column: located(mark.commentLine, mark.commentColumn).column, text: mark.text)
            }
        }
        snippet.placeholder = analysis.placeholders.first.map { located($0.line, $0.column) }
        if mode.mayBeListing {
            snippet.listing = analysis.isDeclarationListing ? .declarations : analysis.isManifest ? .manifest : nil
        }
        var facts = analysis.facts
        if mode.isCompiled, snippet.listing == nil {
            facts = Self.checkedShape(&snippet, analysis: analysis, attributes: attributes, problems: &problems,
                                      locate: locate, nearbyType: nearbyType)
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return (snippet, facts)
    }

    /// What Docent checks of a block it cannot run as written: `@main` (an entry point, run with `args="…"`),
    /// `...` elisions and member fragments take a mode of their own (unless an attribute chose one), and the code
    /// compiled in place of the block's (``Snippet/checkedCode``); the facts are those of that code.
    private static func checkedShape(_ snippet: inout Snippet, analysis: SnippetAnalysis, attributes: SnippetAttributes.Reading,
                                     problems: inout [Diagnostic], locate: (Int) -> SourceLocation,
                                     nearbyType: String?) -> BlockFacts {
        let analysed = analysis.analysis
        // Only a block with no attribute: a `hidden` one keeps its mode (and stays hidden), so it fails as it is.
        let chosen = snippet.mode == .shared
        if chosen, analysed.entryPoint != nil {
            // With statements beside it, the block stays shared and fails as Swift says ("'main' attribute cannot
            // be used in a module that contains top-level code"), at the attribute.
            if !analysed.hasTopLevelCode { snippet.mode = .entryPoint(arguments: attributes.arguments) }
        } else if chosen, analysed.memberFragment != nil {
            snippet.mode = .memberFragment
        } else if chosen, !analysed.elisions.isEmpty {
            snippet.mode = .elided
        }
        if let column = attributes.argumentsColumn, analysed.entryPoint == nil {
            problems.append(.argumentsWithoutMain(at: locate(column)))
        }
        guard !analysed.elisions.isEmpty || analysed.memberFragment != nil else { return analysis.facts }
        let code = CheckedCode.rewrite(snippet.compiledCode, elisions: analysed.elisions, fragment: analysed.memberFragment,
                                       extending: nearbyType)
        snippet.checkedCode = code
        var facts = SnippetAnalysis(code: code).facts
        facts.reservedUses = analysis.facts.reservedUses  // Docent's own names in the rewrite are not the author's
        facts.linkerAttributes = analysis.facts.linkerAttributes
        return facts
    }

    /// An `output` block, `// =>` value or `// Prints` comment on a snippet that never runs could never be checked:
    /// an error, never a silent pass.
    static func checkExpectationsCanBeMet(_ snippet: Snippet) throws {
        guard !snippet.mode.carriesExpectations else { return }
        var problems: [Diagnostic] = []
        let fix = "remove it, or drop `\(snippet.mode.attribute)` so the snippet runs"
        if let output = snippet.expectedOutput {
            problems.append(.outputNeverChecked(snippet.mode, fix: fix, at: output.location))
        }
        for value in snippet.expectedValues {
            problems.append(.valueNeverChecked(snippet.mode, fix: fix,
                                               at: SourceLocation(path: snippet.location.path, line: value.line, column: value.column)))
        }
        for print in snippet.expectedPrints {
            problems.append(.printsNeverChecked(snippet.mode, fix: fix, at: print.location(in: snippet.location.path)))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
    }

    private static func form(_ form: PrintsComment.Form) -> Snippet.ExpectedPrint.Form {
        switch form {
        case .literal: .literal
        case .verbatim: .verbatim
        case .plain: .plain
        }
    }

    /// `# code` and a lone `#` (after any indentation) are compiled but hidden; the code keeps its indentation.
    static func unhide(_ line: String) -> (code: String, isHidden: Bool) {
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        let rest = line.dropFirst(indentation.count)
        if rest == "#" { return (String(indentation), true) }
        if rest.hasPrefix("# ") { return (String(indentation) + rest.dropFirst(2), true) }
        return (line, false)
    }
}
