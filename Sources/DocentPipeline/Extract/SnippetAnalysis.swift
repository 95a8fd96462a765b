import DocentSwift

/// What Extract and the planner need from swift-syntax's reading of a snippet, in Docent's own terms.
struct SnippetAnalysis {
    /// A `// => value` comment.
    struct ValueComment { var line: Int; var commentColumn: Int; var valueColumn: Int; var text: String; var standalone: Bool }
    /// A `// Prints "…"` comment.
    struct PrintsComment { var line: Int; var quoteStart: Int; var quoteEnd: Int; var text: String }

    var valueComments: [ValueComment] = []
    var prints: [PrintsComment] = []
    var placeholders: [BlockFacts.Position] = []
    var facts = BlockFacts()

    init(code: String) {}
}
