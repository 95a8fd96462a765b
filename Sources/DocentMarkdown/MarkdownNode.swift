/// A 1-based line and column in a Markdown source text; the column counts UTF-8 bytes, as cmark does.
public struct MarkdownPosition: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// The span of source text a node came from, both ends inclusive.
public struct MarkdownRange: Sendable, Hashable {
    public var start: MarkdownPosition
    public var end: MarkdownPosition

    public init(start: MarkdownPosition, end: MarkdownPosition) {
        self.start = start
        self.end = end
    }
}

/// One node of a parsed Markdown document: an immutable Swift copy of cmark's node.
///
/// `id` is the node's position in a pre-order walk of the document, so the same source always
/// gives the same ids; ``MarkdownDocument/html(rewriting:)`` uses them to address nodes.
public struct MarkdownNode: Sendable {
    /// What kind of node this is, with the data that kind carries.
    public enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        case item
        case codeBlock(CodeBlock)
        case htmlBlock(String)
        case customBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case customInline
        case emphasis
        case strong
        case link(destination: String, title: String)
        case image(destination: String, title: String)
    }

    public var id: Int
    public var kind: Kind
    public var range: MarkdownRange
    public var children: [MarkdownNode]

    public init(id: Int, kind: Kind, range: MarkdownRange, children: [MarkdownNode] = []) {
        self.id = id
        self.kind = kind
        self.range = range
        self.children = children
    }
}
