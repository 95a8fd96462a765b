import Testing
@testable import DocentMarkdown

@Suite("Rewriting nodes before rendering")
struct MarkdownRewriteTests {
    private func node(in document: MarkdownDocument, _ match: (MarkdownNode.Kind) -> Bool) throws -> MarkdownNode {
        try #require(document.root.filter { match($0.kind) }.first)
    }

    @Test("a rendered replacement gets cmark's HTML of the block, with its links already rewritten")
    func replaceRendered() throws {
        let document = MarkdownDocument(parsing: "# See [it](a.md)\n\ntext\n")
        let link = try node(in: document) { if case .link = $0 { true } else { false } }
        let heading = try node(in: document) { if case .heading = $0 { true } else { false } }
        let html = document.html(rewriting: [link.id: .destination("../a/"),
                                             heading.id: .replaceRendered { "<div>" + $0 + "</div>" }])
        #expect(html == "<div><h1>See <a href=\"../a/\">it</a></h1>\n</div>\n<p>text</p>\n")
    }

    @Test("a destination rewrite changes links and images")
    func destinations() throws {
        let document = MarkdownDocument(parsing: "See [it](a.md)\n\n![pic](p.png)\n")
        let link = try node(in: document) { if case .link = $0 { true } else { false } }
        let image = try node(in: document) { if case .image = $0 { true } else { false } }
        let html = document.html(rewriting: [link.id: .destination("../a/"), image.id: .destination("../p.png")])
        #expect(html == "<p>See <a href=\"../a/\">it</a></p>\n<p><img src=\"../p.png\" alt=\"pic\" /></p>\n")
    }

    @Test("a block can be replaced by raw HTML; its neighbours render as usual")
    func replace() throws {
        let document = MarkdownDocument(parsing: "before\n\n```swift\nlet x = 1\n```\n\nafter\n")
        let code = try node(in: document) { if case .codeBlock = $0 { true } else { false } }
        #expect(document.html(rewriting: [code.id: .replaceWithHTML("<figure>x</figure>")])
                == "<p>before</p>\n<figure>x</figure>\n<p>after</p>\n")
    }
}
