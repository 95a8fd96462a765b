import DocentCore
import DocentMarkdown
import Foundation

extension PageWeaver {
    /// The rewrites for the links, images, asides and directives of `document` (the article's body, or Markdown
    /// inside a directive); `place` maps its positions to the body's.
    /// `depth`: how many directive bodies `document` is inside.
    func visit(_ document: MarkdownDocument, place: (MarkdownPosition) -> MarkdownPosition,
               state: inout WeaveState, depth: Int = 0) -> [Int: NodeRewrite] {
        var rewrites: [Int: NodeRewrite] = [:]
        let lines = document.lines
        let regions = document.directiveRegions
        let covered = Set(regions.flatMap(\.blockIDs))
        let article = state.article
        func location(_ position: MarkdownPosition) -> SourceLocation { article.location(of: place(position)) }
        func locate(_ destination: String, _ node: MarkdownNode) -> SourceLocation {
            location(Self.position(of: destination, near: node, lines: lines))
        }
        for block in document.root.children where !covered.contains(block.id) {
            block.forEach { node in
                switch node.kind {
                case .blockQuote:
                    if let aside = Aside(node) { rewrites[node.id] = .replaceRendered { aside.html(wrapping: $0) } }
                case .code(let literal) where isCatalog && !literal.contains("`"):
                    if Self.blockText(of: block, lines: lines).contains("``\(literal)``") {
                        rewrites[node.id] = .replaceWithHTML("<code class=\"symbol\">\(HTML.escape(literal))</code>")
                    }
                case .link(let destination, _) where destination.hasPrefix("doc:"):
                    // Reported at the `<` of `<doc:…>`.
                    var position = Self.position(of: destination, near: node, lines: lines)
                    if position.column > 1, (1...max(1, lines.count)).contains(position.line), position.line <= lines.count,
                       case let bytes = Array(lines[position.line - 1].utf8), position.column - 2 < bytes.count,
                       bytes[position.column - 2] == UInt8(ascii: "<") { position.column -= 1 }
                    if let rewrite = docLink(destination, node: node, at: location(position), state: &state) {
                        rewrites[node.id] = rewrite
                    }
                case .image(let destination, _):
                    if node.plainText.trimmingCharacters(in: .whitespaces).isEmpty {
                        state.warnings.append(.imageWithoutAltText(destination, at: locate(destination, node)))
                    }
                    link(destination, node: node, at: locate(destination, node), rewrites: &rewrites, state: &state)
                case .link(let destination, _):
                    link(destination, node: node, at: locate(destination, node), rewrites: &rewrites, state: &state)
                default:
                    break
                }
            }
        }
        for region in regions {
            var html = ""
            for segment in region.segments {
                switch segment {
                case .markdown(let chunk):
                    html += weave(chunk, place: place, state: &state, depth: depth)
                case .directive(let directive):
                    guard depth < Directive.maximumNesting else {
                        state.warnings.append(.directivesTooDeep(at: location(directive.start)))
                        continue
                    }
                    var renderer = DirectiveRenderer()
                    renderer.hasSnippets = !snippetPrograms.isEmpty
                    renderer.snippet = { path in snippetProgram(at: path).map { SnippetMarkup().render($0) } }
                    html += renderer.html(for: directive) { chunk in weave(chunk, place: place, state: &state, depth: depth + 1) }
                    state.warnings += renderer.warnings.map { $0.make(location($0.position)) }
                }
            }
            for (offset, id) in region.blockIDs.enumerated() { rewrites[id] = .replaceWithHTML(offset == 0 ? html : "") }
        }
        return rewrites
    }

    /// A directive's Markdown, parsed on its own and woven like the body (its code blocks are shown, not run).
    private func weave(_ chunk: MarkdownChunk, place: (MarkdownPosition) -> MarkdownPosition, state: inout WeaveState,
                       depth: Int) -> String {
        let document = MarkdownDocument(parsing: chunk.text)
        let rewrites = visit(document, place: { place(chunk.outer($0)) }, state: &state, depth: depth)
        return document.html(rewriting: rewrites)
    }

    /// An ordinary link or image: rewritten to the page or file it names, an image named DocC's way (`matrix`) shown
    /// from the catalog, and anything missing reported.
    private func link(_ destination: String, node: MarkdownNode, at location: SourceLocation,
                      rewrites: inout [Int: NodeRewrite], state: inout WeaveState) {
        let article = state.article
        if let (target, fragment) = links.fragmentTarget(of: destination, fromArticle: article.relativePath) {
            state.fragmentLinks.append(.init(article: target, fragment: fragment, location: location))
        } else if LinkResolver.hasScheme(destination) || destination.hasPrefix("//") {
            state.externalLinks.append(.init(url: destination, location: location))
        }
        switch links.resolve(destination, fromArticle: article.relativePath, pageURL: article.urlPath) {
        case .unchanged: break
        case .rewritten(let url): rewrites[node.id] = .destination(url)
        case .missing(let target):
            if case .image(_, let title) = node.kind, !destination.contains("/") {
                if let image = article.images.image(named: destination) {
                    rewrites[node.id] = .replaceWithHTML(PictureMarkup(image: image, alt: node.plainText, title: title,
                                                                       pageURL: article.urlPath).html)
                    return
                }
                let name = ImageCatalog.parts(of: destination)?.name ?? destination
                state.problems.append(.missingImage(destination, name: name, at: location))
                return
            }
            state.problems.append(.brokenLink(destination, target: target, at: location))
        }
    }

    /// `<doc:Name#Anchor>`: a link to the article whose file is `Name.md` (and its heading), showing its title, or
    /// the heading's text. `[text](doc:Name)` keeps its text.
    private func docLink(_ destination: String, node: MarkdownNode, at location: SourceLocation,
                         state: inout WeaveState) -> NodeRewrite? {
        guard let reference = DocReference(destination) else {
            state.problems.append(.docLinkNamesNothing(destination, at: location))
            return nil
        }
        let path: String
        switch docs.resolve(reference) {
        case .found(let found):
            path = found
        case .ambiguous(let paths):
            state.problems.append(.docLinkAmbiguous(destination, name: reference.name, paths: paths, at: location))
            return nil
        case .missing:
            let names = Set(targets.keys.map { String(($0.split(separator: "/").last ?? "").dropLast(3)) })
            state.problems.append(.docLinkMissing(destination, name: reference.name,
                                                  suggestion: LinkChecker.closest(to: reference.name, in: names), at: location))
            return nil
        }
        guard let target = targets[path] else { return nil }
        var text = target.title
        var fragment = ""
        if let anchor = reference.fragment {
            let heading = target.anchors[anchor]
            fragment = "#" + (heading?.id ?? anchor)
            if let heading { text = heading.text }
            state.fragmentLinks.append(.init(article: path, fragment: heading?.id ?? anchor, location: location))
        }
        let up = String(repeating: "../", count: state.article.urlPath.split(separator: "/").count)
        var href = up + LinkResolver.percentEncode(target.urlPath)
        if href.isEmpty { href = "./" }
        href += fragment.isEmpty ? "" : "#" + (fragment.dropFirst().addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? "")
        let isAutolink = node.plainText == destination
        guard isAutolink else { return .destination(href) }
        return .replaceWithHTML("<a class=\"doc-link\" href=\"\(HTML.escape(href))\">\(HTML.escape(text))</a>")
    }

    /// The source text of a top-level block, for checks cmark's tree cannot answer (how a code span was fenced).
    private static func blockText(of block: MarkdownNode, lines: [Substring]) -> String {
        let first = max(block.range.start.line, 1), last = min(block.range.end.line, lines.count)
        guard first <= last else { return "" }
        return lines[(first - 1)..<last].joined(separator: "\n")
    }

    /// cmark gives inlines no position, so find the destination's text inside its block for an exact position.
    static func position(of destination: String, near node: MarkdownNode, lines: [Substring]) -> MarkdownPosition {
        let range = node.range
        if !destination.isEmpty {
            for lineNumber in range.start.line...max(range.start.line, range.end.line) where lineNumber <= lines.count && lineNumber >= 1 {
                let line = lines[lineNumber - 1]
                if let offset = line.utf8Offset(of: destination) {
                    return MarkdownPosition(line: lineNumber, column: offset + 1)
                }
            }
        }
        return range.start
    }
}
