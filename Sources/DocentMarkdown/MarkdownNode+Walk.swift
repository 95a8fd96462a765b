extension MarkdownNode {
    /// Visits this node and every descendant in document order (pre-order), without recursion.
    public func forEach(_ body: (MarkdownNode) throws -> Void) rethrows {
        var stack: [MarkdownNode] = [self]
        while let node = stack.popLast() {
            try body(node)
            stack.append(contentsOf: node.children.reversed())
        }
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
