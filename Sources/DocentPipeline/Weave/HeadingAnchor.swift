import DocentMarkdown

/// A heading's `id` and the link to itself that readers copy (`a.heading-anchor`, which the search index leaves out),
/// put into cmark's rendering of it.
///
/// ```swift
/// let anchor = HeadingAnchor(id: "hello", level: 2)
/// anchor.html(anchoring: "<h2>Hello <em>there</em></h2>\n")
/// // <h2 id="hello">Hello <em>there</em><a class="heading-anchor" href="#hello" aria-label="Link to this section" data-pagefind-ignore>#</a></h2>
/// ```
struct HeadingAnchor: Sendable {
    var id: String
    var level: Int
    /// A second id for the heading (DocC's form of its anchor, `Access-Levels`), on an empty span at its start.
    var alias: String?

    /// The rewrite that gives the heading node this anchor when the document is rendered.
    var rewrite: NodeRewrite {
        .replaceRendered { html in self.html(anchoring: html) }
    }

    /// `rendered` (cmark's `<hN>…</hN>` and line break) with the `id` and the link added; anything else unchanged.
    func html(anchoring rendered: String) -> String {
        let opening = "<h\(level)>"
        let closing = "</h\(level)>"
        guard rendered.hasPrefix(opening), rendered.hasSuffix(closing + "\n") else { return rendered }
        let inner = rendered.dropFirst(opening.count).dropLast(closing.count + 1)
        let id = HTML.escape(id)
        let aliasSpan = alias.map { "<span class=\"heading-alias\" id=\"\(HTML.escape($0))\"></span>" } ?? ""
        return "<h\(level) id=\"\(id)\">\(aliasSpan)\(inner)"
            + "<a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"Link to this section\" data-pagefind-ignore>#</a>"
            + closing + "\n"
    }
}
