import DocentCore
import DocentMarkdown

/// What a DocC block directive becomes on a page: metadata directives (`@Metadata`, `@Options`, `@TechnologyRoot`,
/// `@Comment` …) nothing, `@Small` small print, `@Row`/`@Column` a grid, `@TabNavigator`/`@Tab` titled sections,
/// `@Image` an image by name, `@Snippet(path:)` a package's snippet with its checked output; other known directives show their content, and an unknown one shows its content with
/// a warning at its `@`.
///
/// ```swift
/// var renderer = DirectiveRenderer()
/// let html = renderer.html(for: directive) { chunk in weaveChunk(chunk) }   // renderer.warnings: unknown names …
/// ```
struct DirectiveRenderer {
    /// A problem that does not stop the build, at a position in the text the directive was read from: `make` builds
    /// its diagnostic once the position is a file location.
    struct Warning {
        var position: MarkdownPosition
        var make: (SourceLocation) -> Diagnostic
    }

    private(set) var warnings: [Warning] = []
    /// The checked snippet a `@Snippet(path:)` shows, as page HTML, by the path written; `nil` when there is none.
    var snippet: (String) -> String? = { _ in nil }
    /// Whether the site has SwiftPM snippets (a package's `Snippets/`): without them `@Snippet` shows nothing, quietly.
    var hasSnippets = false

    private mutating func warn(_ position: MarkdownPosition, _ make: @escaping (SourceLocation) -> Diagnostic) {
        warnings.append(Warning(position: position, make: make))
    }

    /// Directives that only carry facts about the page (read at Parse) or that a static page cannot use.
    static let hidden: Set<String> = [
        "Metadata", "Options", "TechnologyRoot", "Comment", "DisplayName", "PageKind", "PageImage", "PageColor",
        "Available", "CallToAction", "TitleHeading", "SupportedLanguage", "Redirected", "DocumentationExtension",
        "AutomaticSeeAlso", "AutomaticTitleHeading", "AutomaticArticleSubheading", "TopicsVisualStyle",
        "Video", "XcodeRequirement",
    ]

    /// `body` gives the page HTML of a piece of Markdown (a directive's body), woven like the rest of the page.
    mutating func html(for directive: Directive, body: (MarkdownChunk) -> String) -> String {
        if directive.isUnterminated {
            warn(directive.start) { [name = directive.name] in .directiveUnclosed(name, at: $0) }
        }
        if Self.hidden.contains(directive.name) { return "" }
        switch directive.name {
        case "Snippet":
            guard hasSnippets else { return "" }
            guard let path = directive.argument("path") else {
                warn(directive.start) { .snippetDirectiveWithoutPath(at: $0) }
                return ""
            }
            guard let html = snippet(path) else {
                warn(directive.start) { .missingSnippet(path, at: $0) }
                return ""
            }
            return html
        case "Small":
            return "<div class=\"docc-small\">\n" + content(of: directive, body) + "</div>\n"
        case "Row":
            let columns = directive.children.filter { $0.name == "Column" }.map { column -> String in
                let span = column.argument("size").flatMap(Int.init).map { max(1, $0) } ?? 1
                return "<div class=\"docc-column\" style=\"--span: \(span)\">\n" + content(of: column, body) + "</div>\n"
            }
            return "<div class=\"docc-row\">\n" + columns.joined() + "</div>\n"
        case "TabNavigator":
            let tabs = directive.children.filter { $0.name == "Tab" }.map { tab -> String in
                let title = tab.argument(nil) ?? ""
                return "<section class=\"docc-tab\">\n<p class=\"docc-tab-title\">\(HTML.escape(title))</p>\n" + content(of: tab, body) + "</section>\n"
            }
            return "<div class=\"docc-tabs\">\n" + tabs.joined() + "</div>\n"
        case "Image":
            guard let source = directive.argument("source") else {
                warn(directive.start) { .imageDirectiveWithoutSource(at: $0) }
                return ""
            }
            let alt = (directive.argument("alt") ?? "").replacingOccurrences(of: "]", with: "\\]")
            let chunk = MarkdownChunk(text: "![\(alt)](\(source))\n", firstLine: directive.start.line, indent: directive.start.column - 1)
            return body(chunk)
        default:
            if !DirectiveParser.knownNames.contains(directive.name) {
                warn(directive.start) { [name = directive.name] in .unknownDirective(name, at: $0) }
            }
            return content(of: directive, body)
        }
    }

    private func content(of directive: Directive, _ body: (MarkdownChunk) -> String) -> String {
        directive.body.map(body) ?? ""
    }
}
