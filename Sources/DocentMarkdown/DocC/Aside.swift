/// A DocC aside: a block quote whose first paragraph starts with one of DocC's kinds and a colon (`> Note: …`),
/// shown as a labelled callout instead of a quote.
///
/// ```swift
/// let document = MarkdownDocument(parsing: "> Tip: Use `let`.\n")
/// let aside = Aside(document.root.children[0])      // kind "tip", label "Tip"
/// aside?.html(wrapping: document.html())           // <aside class="aside aside-tip" …><p class="aside-label">Tip</p>…
/// ```
public struct Aside: Sendable, Hashable {
    /// The kind in lower case (`note`, `seealso`), used in the `aside-KIND` class.
    public var kind: String
    /// What the callout's label says (`Note`, `See Also`).
    public var label: String

    /// DocC's aside kinds (matched without regard to case), each with the label a reader sees.
    public static let kinds: [String: String] = [
        "note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning", "experiment": "Experiment",
        "attention": "Attention", "bug": "Bug", "todo": "To Do", "seealso": "See Also", "remark": "Remark",
        "deprecated": "Deprecated", "throws": "Throws", "returns": "Returns", "parameter": "Parameter",
        "parameters": "Parameters", "precondition": "Precondition", "postcondition": "Postcondition",
        "requires": "Requires", "invariant": "Invariant", "complexity": "Complexity", "author": "Author",
        "authors": "Authors", "copyright": "Copyright", "date": "Date", "since": "Since", "version": "Version",
        "mutatingvariant": "Mutating Variant", "nonmutatingvariant": "Non-Mutating Variant",
    ]

    /// The aside `blockQuote` is, or `nil` for a node that is not a block quote or a quote that does not start
    /// with `Kind:` (it stays a quote). `See Also:` and `To Do:` may be written with a space.
    public init?(_ blockQuote: MarkdownNode) {
        guard case .blockQuote = blockQuote.kind, let paragraph = blockQuote.children.first,
              case .paragraph = paragraph.kind, let first = paragraph.children.first,
              case .text(let text) = first.kind, let colon = text.firstIndex(of: ":") else { return nil }
        let word = text[..<colon].filter { $0 != " " }.lowercased()
        guard text[..<colon].count <= 20, let label = Self.kinds[word] else { return nil }
        self.kind = word
        self.label = label
    }

    /// cmark's rendering of the quote (`<blockquote>\n<p>Note: …`) as the callout: an `<aside>` with a label, the
    /// `Kind:` word left out of the first paragraph. Anything not shaped like a quote is returned unchanged.
    public func html(wrapping rendered: String) -> String {
        let opening = "<blockquote>\n<p>"
        let closing = "</blockquote>\n"
        guard rendered.hasPrefix(opening), rendered.hasSuffix(closing),
              let colon = rendered.dropFirst(opening.count).firstIndex(of: ":") else { return rendered }
        var rest = rendered[rendered.index(after: colon)...].dropLast(closing.count)
        while rest.first == " " { rest = rest.dropFirst() }
        let paragraph = rest.hasPrefix("</p>\n") ? String(rest.dropFirst(5)) : "<p>" + rest
        return "<aside class=\"aside aside-\(kind)\" role=\"note\" aria-label=\"\(HTML.escape(label))\">\n"
            + "<p class=\"aside-label\">\(HTML.escape(label))</p>\n" + paragraph + "</aside>\n"
    }
}
