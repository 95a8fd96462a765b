extension MarkdownNode {
    /// Visits this node and every descendant in document order (pre-order). It recurses, one frame per level, as
    /// freeing the tree does: a parsed tree is at most ``MarkdownDocument/maximumDepth`` deep. Each node is lent to
    /// `body` where it lies, not copied onto a stack of its own (copies were a tenth of a prose build's time).
    public func forEach(_ body: (MarkdownNode) throws -> Void) rethrows {
        try body(self)
        for index in children.indices { try children[index].forEach(body) }
    }

    /// Every node below this one (this one included) for which `isIncluded` holds, in document order.
    public func filter(_ isIncluded: (MarkdownNode) -> Bool) -> [MarkdownNode] {
        var found: [MarkdownNode] = []
        forEach { if isIncluded($0) { found.append($0) } }
        return found
    }

    /// The text a reader sees in this node, without markup: text, code spans and breaks as spaces.
    public var plainText: String {
        var text = ""
        forEach { node in
            switch node.kind {
            case .text(let string), .code(let string): text += string
            case .softBreak, .lineBreak: text += " "
            default: break
            }
        }
        return text
    }
}
