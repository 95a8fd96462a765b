/// Lines of a document that hold DocC directives, and the top-level blocks cmark made of them: the page shows
/// ``segments`` (the directives' meaning and the Markdown between them) in place of those blocks.
///
/// ```swift
/// for region in document.directiveRegions { rewrites[region.blockIDs[0]] = .replaceWithHTML(render(region.segments)) }
/// ```
public struct DirectiveRegion: Sendable, Hashable {
    /// The top-level blocks the region replaces, in order (never empty).
    public var blockIDs: [Int]
    /// The region's text split into Markdown and directives; positions are the document's.
    public var segments: [DirectiveSegment]

    /// Every directive of the region, nested ones included, in document order.
    public var allDirectives: [Directive] {
        segments.flatMap { segment -> [Directive] in
            if case .directive(let directive) = segment { directive.allDirectives } else { [] }
        }
    }
}

extension DirectiveRegion {
    /// The parts of a document (its tree and its lines) that hold block directives: each starts at a top-level
    /// paragraph with a line that opens a directive and runs over every top-level block up to the directive's last
    /// line (a block that goes on past it is taken whole, and what follows is read again for directives). Empty for
    /// Markdown without directives. ``MarkdownDocument/directiveRegions`` holds them.
    static func regions(of root: MarkdownNode, lines: [Substring]) -> [DirectiveRegion] {
        let blocks = root.children
        var regions: [DirectiveRegion] = []
        var index = 0
        while index < blocks.count {
            let block = blocks[index]
            guard case .paragraph = block.kind,
                  (block.range.start.line...max(block.range.start.line, block.range.end.line)).contains(where: {
                      $0 <= lines.count && DirectiveParser.opensDirective(lines[$0 - 1])
                  }) else {
                index += 1
                continue
            }
            let firstLine = block.range.start.line
            // Read to the end of the document (a body may hold blank lines and code blocks), then keep the
            // directives that start inside the blocks taken so far.
            let rest = lines[(firstLine - 1)...].joined(separator: "\n") + "\n"
            let starts = DirectiveParser.segments(of: MarkdownChunk(text: rest, firstLine: firstLine, indent: 0))
                .compactMap { if case .directive(let d) = $0 { (d.start.line, d.endLine) } else { nil } }
            var lastLine = block.range.end.line
            var covered = [block.id]
            var next = index + 1
            for (start, end) in starts {
                guard start <= lastLine else { break }
                lastLine = max(lastLine, end)
                while next < blocks.count, blocks[next].range.start.line <= lastLine {
                    covered.append(blocks[next].id)
                    lastLine = max(lastLine, blocks[next].range.end.line)
                    next += 1
                }
            }
            let text = lines[(firstLine - 1)..<min(lastLine, lines.count)].joined(separator: "\n") + "\n"
            let segments = DirectiveParser.segments(of: MarkdownChunk(text: text, firstLine: firstLine, indent: 0))
            if segments.contains(where: { if case .directive = $0 { true } else { false } }) {
                regions.append(DirectiveRegion(blockIDs: covered, segments: segments))
            }
            index = next
        }
        return regions
    }
}
