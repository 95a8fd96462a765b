import DocentMarkdown

/// A heading's `id` and the link to itself that readers copy (`a.heading-anchor`), put into cmark's rendering of it.
///
/// ```swift
/// let anchor = HeadingAnchor(id: "hello", level: 2)
/// anchor.html(anchoring: "<h2>Hello <em>there</em></h2>\n")
/// // <h2 id="hello">Hello <em>there</em><a class="heading-anchor" href="#hello" aria-label="Link to this section">#</a></h2>
/// ```
struct HeadingAnchor: Sendable {
    var id: String
    var level: Int

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
        return "<h\(level) id=\"\(id)\">\(inner)"
            + "<a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"Link to this section\">#</a>"
            + closing + "\n"
    }
}
