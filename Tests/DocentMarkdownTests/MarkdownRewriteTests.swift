import Testing
@testable import DocentMarkdown

@Suite("Rewriting nodes before rendering")
struct MarkdownRewriteTests {
    private func node(in document: MarkdownDocument, _ match: (MarkdownNode.Kind) -> Bool) throws -> MarkdownNode {
        try #require(document.root.filter { match($0.kind) }.first)
    }

    @Test("an anchor puts an id on the heading and keeps its inline markup")
    func anchor() throws {
        let document = MarkdownDocument(parsing: "## Hello *there*\n\ntext\n")
        let heading = try node(in: document) { if case .heading = $0 { true } else { false } }
        #expect(document.html(rewriting: [heading.id: .anchor("hello-there")])
                == "<h2 id=\"hello-there\">Hello <em>there</em>"
                + "<a class=\"heading-anchor\" href=\"#hello-there\" aria-label=\"Link to this section\">#</a></h2>\n<p>text</p>\n")
    }

    @Test("anchor ids are escaped as attribute values")
    func anchorEscaping() throws {
        let document = MarkdownDocument(parsing: "# T\n")
        let heading = try node(in: document) { if case .heading = $0 { true } else { false } }
        #expect(document.html(rewriting: [heading.id: .anchor("a\"b<c")]) == "<h1 id=\"a&quot;b&lt;c\">T"
                + "<a class=\"heading-anchor\" href=\"#a&quot;b&lt;c\" aria-label=\"Link to this section\">#</a></h1>\n")
    }

    @Test("a destination rewrite changes links and images, also inside headings")
    func destinations() throws {
        let document = MarkdownDocument(parsing: "# See [it](a.md)\n\n![pic](p.png)\n")
        let link = try node(in: document) { if case .link = $0 { true } else { false } }
        let image = try node(in: document) { if case .image = $0 { true } else { false } }
        let heading = try node(in: document) { if case .heading = $0 { true } else { false } }
        let html = document.html(rewriting: [link.id: .destination("../a/"), image.id: .destination("../p.png"),
                                             heading.id: .anchor("see-it")])
        #expect(html == "<h1 id=\"see-it\">See <a href=\"../a/\">it</a>"
                + "<a class=\"heading-anchor\" href=\"#see-it\" aria-label=\"Link to this section\">#</a></h1>\n"
                + "<p><img src=\"../p.png\" alt=\"pic\" /></p>\n")
    }

    @Test("a block can be replaced by raw HTML; its neighbours render as usual")
    func replace() throws {
        let document = MarkdownDocument(parsing: "before\n\n```swift\nlet x = 1\n```\n\nafter\n")
        let code = try node(in: document) { if case .codeBlock = $0 { true } else { false } }
        #expect(document.html(rewriting: [code.id: .replaceWithHTML("<figure>x</figure>")])
                == "<p>before</p>\n<figure>x</figure>\n<p>after</p>\n")
    }
}
