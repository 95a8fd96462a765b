/// A parsed Markdown text: the source, and the tree cmark built from it.
///
/// ```swift
/// let document = MarkdownDocument(parsing: "# Hello\n\nSome *text*.")
/// let headings = document.root.filter { if case .heading = $0.kind { true } else { false } }
/// let html = document.html(rewriting: [headings[0].id: .anchor("hello")])
/// ```
public struct MarkdownDocument: Sendable {
    /// The Markdown text exactly as given.
    public let source: String
    /// The document node; its descendants carry source ranges relative to `source`.
    public let root: MarkdownNode

    /// Parses CommonMark text. Parsing never fails: any text is a Markdown document.
    public init(parsing source: String) {
        self.source = source
        self.root = CMark.parse(source)
    }

    /// Renders the document to HTML with cmark's renderer, after applying `rewrites` to the nodes
    /// whose ids they are keyed by. Raw HTML in the source is kept (authors write tables that way).
    public func html(rewriting rewrites: [Int: NodeRewrite] = [:]) -> String {
        CMark.renderHTML(source, rewriting: rewrites)
    }
}
