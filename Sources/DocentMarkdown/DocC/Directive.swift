/// A DocC block directive: `@Name`, `@Name(arguments)`, or either followed by a `{ … }` body that may hold
/// Markdown and further directives. cmark sees directives as paragraphs of text; ``DirectiveParser`` reads them from
/// the source lines.
///
/// ```swift
/// let segments = DirectiveParser.segments(of: "@Metadata {\n  @DisplayName(\"Book\")\n}\n")
/// // [.directive(Directive(name: "Metadata", children: [DisplayName("Book")]))]
/// ```
public struct Directive: Sendable, Hashable {
    /// One argument: `label: value` or a value alone (`@PageKind(article)`); quotes are removed from the value.
    public struct Argument: Sendable, Hashable {
        public var label: String?
        public var value: String

        public init(label: String?, value: String) {
            self.label = label
            self.value = value
        }
    }

    public var name: String
    public var arguments: [Argument]
    /// The text between the braces with the common indentation removed; `nil` without braces.
    public var body: MarkdownChunk?
    /// Where `@` stands, in the numbering of the text the directive was read from.
    public var start: MarkdownPosition
    /// The last line the directive takes (its closing brace, or the end of its arguments).
    public var endLine: Int
    /// `true` when the body's `{` has no closing `}`: the body runs to the end of the text.
    public var isUnterminated: Bool

    public init(name: String, arguments: [Argument] = [], body: MarkdownChunk? = nil, start: MarkdownPosition,
                endLine: Int, isUnterminated: Bool = false) {
        self.name = name
        self.arguments = arguments
        self.body = body
        self.start = start
        self.endLine = endLine
        self.isUnterminated = isUnterminated
    }

    /// The value of the argument with this label, or of the first unlabelled one for `nil`.
    public func argument(_ label: String?) -> String? {
        arguments.first { $0.label == label }?.value
    }

    /// The directives directly inside the body, in order.
    public var children: [Directive] {
        body.map { DirectiveParser.segments(of: $0).compactMap { if case .directive(let d) = $0 { d } else { nil } } } ?? []
    }

    /// How deep directives may nest for Docent to read inside them (bodies are read recursively).
    public static let maximumNesting = 64

    /// This directive and every directive nested in it (down to ``maximumNesting`` levels), in document order.
    public var allDirectives: [Directive] {
        allDirectives(depth: 0)
    }

    private func allDirectives(depth: Int) -> [Directive] {
        guard depth < Self.maximumNesting else { return [self] }
        return [self] + children.flatMap { $0.allDirectives(depth: depth + 1) }
    }
}

/// A piece of Markdown text taken out of a larger text (a directive's body), with what it takes to place its
/// positions back in the article: the line its first line was, and how many columns were removed from each line.
public struct MarkdownChunk: Sendable, Hashable {
    public var text: String
    /// The line of the enclosing text that the chunk's line 1 is.
    public var firstLine: Int
    /// Columns removed from the start of each line (the common indentation).
    public var indent: Int

    public init(text: String, firstLine: Int, indent: Int) {
        self.text = text
        self.firstLine = firstLine
        self.indent = indent
    }

    /// A position in the chunk as a position in the enclosing text.
    public func outer(_ position: MarkdownPosition) -> MarkdownPosition {
        MarkdownPosition(line: position.line + firstLine - 1, column: position.column + indent)
    }
}

/// What a text is made of, seen for directives: Markdown, or a directive.
public enum DirectiveSegment: Sendable, Hashable {
    case markdown(MarkdownChunk)
    case directive(Directive)
}
