internal import CCMark
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that calls libcmark. Every node it creates is freed before it returns;
/// no C pointer leaves this file.
enum CMark {
    /// Raw HTML is the author's to write (tables, figures), so it is passed through.
    private static let renderOptions = CMARK_OPT_UNSAFE
    private static let parseOptions = CMARK_OPT_DEFAULT

    /// Parses `source` into an immutable Swift tree and keeps cmark's tree for one rendering, so an article is
    /// parsed once in a build.
    /// `tooDeep`: where the first node nested deeper than `maximumDepth` starts; the Swift tree leaves it out with
    /// everything inside it (cmark's tree keeps them, and cmark frees without recursion).
    /// `lines`: the source's ``StringProtocol/markdownLines``.
    static func parseKeeping(_ source: String, lines: [Substring],
                             maximumDepth: Int) -> (root: MarkdownNode, kept: KeptTree, tooDeep: MarkdownPosition?) {
        let root = newDocument(source)
        let (tree, tooDeep) = buildTree(root, lines: lines, maximumDepth: maximumDepth)
        return (tree, KeptTree(root), tooDeep)
    }

    /// Applies the rewrites to `kept`'s tree and renders it (ids are pre-order indices, as in ``parse(_:)``);
    /// when that tree was already rendered, or there is none, parses `source` again.
    static func renderHTML(_ source: String, kept: KeptTree? = nil, rewriting rewrites: [Int: NodeRewrite]) -> String {
        let render = { (root: OpaquePointer) -> String in
            if !rewrites.isEmpty { apply(rewrites, under: root) }
            return Self.render(root)
        }
        if let root = kept?.take() {
            defer { cmark_node_free(root) }
            return render(root)
        }
        return withDocument(source, render)
    }

    /// cmark's tree of a parsed document, held for one rendering and freed then or when the holder goes away.
    final class KeptTree: @unchecked Sendable {
        private let lock = NSLock()
        private var root: OpaquePointer?

        fileprivate init(_ root: OpaquePointer) {
            self.root = root
        }

        /// The tree, handed over once: the caller frees it. Later calls return `nil`.
        fileprivate func take() -> OpaquePointer? {
            lock.withLock {
                defer { root = nil }
                return root
            }
        }

        deinit {
            if let root { cmark_node_free(root) }
        }
    }

    // MARK: - Document lifetime

    private static func withDocument<T>(_ source: String, _ body: (OpaquePointer) -> T) -> T {
        let root = newDocument(source)
        defer { cmark_node_free(root) }
        return body(root)
    }

    /// A new cmark document; the caller frees it.
    private static func newDocument(_ source: String) -> OpaquePointer {
        var source = source
        let root = source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, parseOptions)
            }
        }
        guard let root else { preconditionFailure("cmark could not allocate a document") }
        return root
    }

    private static func render(_ node: OpaquePointer) -> String {
        guard let html = cmark_render_html(node, renderOptions) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    // MARK: - Building the Swift tree

    /// The node types cmark's iterator enters but never exits.
    private static func isLeaf(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT,
             CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
            return true
        default:
            return false
        }
    }

    /// Walks the C tree with cmark's iterator (no recursion, so deep nesting cannot overflow the stack). A node
    /// deeper than `maximumDepth` (the document is at depth 0) is left out with its subtree, and where the first
    /// one starts is returned: a Swift tree is freed recursively, so its depth must stay bounded. Ids still count
    /// the nodes left out, so they keep addressing cmark's tree.
    private static func buildTree(_ root: OpaquePointer, lines: [Substring],
                                  maximumDepth: Int) -> (MarkdownNode, tooDeep: MarkdownPosition?) {
        var stack: [MarkdownNode] = []
        var finished: MarkdownNode?
        var nextID = 0
        var tooDeep: MarkdownPosition?
        /// How many containers of a left-out subtree are open.
        var skipping = 0
        forEachEvent(under: root) { event, node in
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER {
                defer { nextID += 1 }
                if skipping > 0 || stack.count > maximumDepth {
                    if skipping == 0 { tooDeep = range(of: node, lines: lines).start }
                    if !isLeaf(type) { skipping += 1 }
                    return
                }
                let swiftNode = MarkdownNode(id: nextID, kind: kind(of: node, type: type, lines: lines),
                                             range: range(of: node, lines: lines))
                if isLeaf(type) {
                    stack[stack.count - 1].children.append(swiftNode)
                } else {
                    stack.append(swiftNode)
                }
            } else if event == CMARK_EVENT_EXIT {
                if skipping > 0 {
                    skipping -= 1
                    return
                }
                let done = stack.removeLast()
                if stack.isEmpty { finished = done } else { stack[stack.count - 1].children.append(done) }
            }
        }
        let tree = finished ?? MarkdownNode(id: 0, kind: .document, range: .init(start: .init(line: 1, column: 1),
                                                                                end: .init(line: 1, column: 1)))
        return (tree, tooDeep)
    }

    private static func forEachEvent(under root: OpaquePointer, _ body: (cmark_event_type, OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if let node = cmark_iter_get_node(iterator) { body(event, node) }
        }
    }

    private static func range(of node: OpaquePointer, lines: [Substring]) -> MarkdownRange {
        // cmark 0.30 reports no position for inlines; place them at their nearest enclosing block's (a loop, not
        // recursion: inlines may nest deeply).
        var positioned = node
        while cmark_node_get_start_line(positioned) == 0, let parent = cmark_node_parent(positioned) { positioned = parent }
        var start = MarkdownPosition(line: Int(cmark_node_get_start_line(positioned)),
                                     column: Int(cmark_node_get_start_column(positioned)))
        let end = MarkdownPosition(line: Int(cmark_node_get_end_line(positioned)),
                                   column: Int(cmark_node_get_end_column(positioned)))
        if start.column == 0 { start.column = 1 }
        return MarkdownRange(start: start, end: end)
    }

    private static func kind(of node: OpaquePointer, type: cmark_node_type, lines: [Substring]) -> MarkdownNode.Kind {
        switch type {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                         start: Int(cmark_node_get_list_start(node)),
                         tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK:
            let line = Int(cmark_node_get_start_line(node))
            let column = Int(cmark_node_get_start_column(node))
            return .codeBlock(CodeBlock(info: string(cmark_node_get_fence_info(node)),
                                        literal: string(cmark_node_get_literal(node)), line: line, column: column, source: lines))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(string(cmark_node_get_literal(node)))
        case CMARK_NODE_CUSTOM_BLOCK: return .customBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: return .htmlInline(string(cmark_node_get_literal(node)))
        case CMARK_NODE_CUSTOM_INLINE: return .customInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default:
            return .customInline
        }
    }

    // MARK: - Rewriting before rendering

    private static func apply(_ rewrites: [Int: NodeRewrite], under root: OpaquePointer) {
        // Collect first: changing the tree while iterating over it is not allowed.
        var targets: [(node: OpaquePointer, rewrite: NodeRewrite)] = []
        var nextID = 0
        forEachEvent(under: root) { event, node in
            guard event == CMARK_EVENT_ENTER else { return }
            if let rewrite = rewrites[nextID] { targets.append((node, rewrite)) }
            nextID += 1
        }
        // Destinations first, so a block rendered for a replacement already has its links rewritten.
        for (node, rewrite) in targets {
            if case .destination(let url) = rewrite { cmark_node_set_url(node, url) }
        }
        // Deepest first (reverse pre-order puts every node before its ancestors), so a container rendered for a
        // replacement (an aside) already holds its children's replacements, and no replaced node is touched again.
        for (node, rewrite) in targets.reversed() {
            switch rewrite {
            case .destination:
                break
            case .replaceRendered(let transform):
                replace(node, withHTML: transform(render(node)))
            case .replaceWithHTML(let html):
                replace(node, withHTML: html)
            }
        }
    }

    /// Replaces a block with an HTML block, or an inline (a link, an image) with inline HTML.
    private static func replace(_ node: OpaquePointer, withHTML html: String) {
        let isInline = cmark_node_get_type(node).rawValue >= CMARK_NODE_FIRST_INLINE.rawValue
        guard let block = cmark_node_new(isInline ? CMARK_NODE_HTML_INLINE : CMARK_NODE_HTML_BLOCK) else { return }
        cmark_node_set_literal(block, isInline || html.hasSuffix("\n") ? html : html + "\n")
        if cmark_node_replace(node, block) != 0 {
            cmark_node_free(node)
        } else {
            cmark_node_free(block)
        }
    }
}
