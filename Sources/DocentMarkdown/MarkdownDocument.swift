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
    /// Where the first node nested deeper than ``maximumDepth`` starts; `root` leaves that node out, with everything
    /// inside it. `nil` for any document a person writes.
    public let tooDeep: MarkdownPosition?
    /// The source's lines (``StringProtocol/markdownLines``), split once for everything that reads them.
    public let lines: [Substring]
    /// The parts of the document that hold DocC block directives (see ``DirectiveRegion``), found once at parsing.
    public let directiveRegions: [DirectiveRegion]
    /// cmark's own tree, kept for the first rendering so the text is not parsed twice.
    private let kept: CMark.KeptTree

    /// How deep `root` may nest (block quotes, lists and their items, inlines; the document is level 0). The Swift
    /// tree is walked and freed recursively: 100,000 nested `>` overflowed the stack, while 10,000 (three such
    /// articles built at once) leave a wide margin on threads of the usual 8 MiB.
    public static let maximumDepth = 10_000

    /// Parses CommonMark text. Parsing never fails: any text is a Markdown document (see ``tooDeep``).
    public init(parsing source: String) {
        self.source = source
        lines = source.markdownLines
        (root, kept, tooDeep) = CMark.parseKeeping(source, lines: lines, maximumDepth: Self.maximumDepth)
        directiveRegions = DirectiveRegion.regions(of: root, lines: lines)
    }

    /// Renders the document to HTML with cmark's renderer, after applying `rewrites` to the nodes
    /// whose ids they are keyed by. Raw HTML in the source is kept (authors write tables that way).
    /// The first call renders the tree parsed at `init`; later ones parse the text again.
    public func html(rewriting rewrites: [Int: NodeRewrite] = [:]) -> String {
        CMark.renderHTML(source, kept: kept, rewriting: rewrites)
    }
}
