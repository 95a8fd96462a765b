import Dispatch
import Testing
@testable import DocentMarkdown

@Suite("Walking a Markdown tree")
struct MarkdownWalkTests {
    @Test("every node once, in document order: ids (pre-order positions) come 0, 1, 2, …")
    func preOrder() {
        let document = MarkdownDocument(parsing: "# A *b*\n\n> - one\n>   - two `x`\n\nend [link](u) **c**\n")
        var ids: [Int] = []
        document.root.forEach { ids.append($0.id) }
        #expect(ids.count > 10)
        #expect(ids == Array(0..<ids.count))
        #expect(document.root.plainText == "A bonetwo xend link c")
    }

    @Test("a tree as deep as parsing allows is walked on a worker thread without overflowing its stack")
    func deepestTreeOnAWorker() {
        let document = MarkdownDocument(parsing: String(repeating: "> ", count: MarkdownDocument.maximumDepth + 10) + "deep\n")
        let counted = Counted()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { document.root.forEach { _ in counted.count += 1 } }
        group.wait()
        #expect(counted.count >= MarkdownDocument.maximumDepth)
    }
}

/// A count one worker thread writes and the test reads after waiting for it.
private final class Counted: @unchecked Sendable {
    var count = 0
}
