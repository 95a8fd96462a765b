/// A parsed Markdown text: the source, and the tree cmark built from it.
///
/// ```swift
/// let document = MarkdownDocument(parsing: "# Hello\n\nSome *text*.")
/// let headings = document.root.filter { if case .heading = $0.kind { true } else { false } }
/// let html = document.html(rewriting: [headings[0].id: .replaceWithHTML("<h1 id=\"hello\">Hello</h1>")])
/// ```
public struct MarkdownDocument: Sendable {
    /// The Markdown text exactly as given.
    public let source: String
    /// The document node; its descendants carry source ranges relative to `source`.
    public let root: MarkdownNode
    /// cmark's own tree, kept for the first rendering so the text is not parsed twice.
    private let kept: CMark.KeptTree

    /// Parses CommonMark text. Parsing never fails: any text is a Markdown document.
    public init(parsing source: String) {
        self.source = source
        (self.root, self.kept) = CMark.parseKeeping(source)
    }

    /// Renders the document to HTML with cmark's renderer, after applying `rewrites` to the nodes
    /// whose ids they are keyed by. Raw HTML in the source is kept (authors write tables that way).
    /// The first call renders the tree parsed at `init`; later ones parse the text again.
    public func html(rewriting rewrites: [Int: NodeRewrite] = [:]) -> String {
        CMark.renderHTML(source, kept: kept, rewriting: rewrites)
    }
}
