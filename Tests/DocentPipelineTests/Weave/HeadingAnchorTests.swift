import DocentCore
import Testing
@testable import DocentPipeline

@Suite("Weave: heading anchors")
struct HeadingAnchorTests {
    private func html(_ body: String) throws -> String {
        let article = try parsedArticle("---\ntitle: T\ndate: 2026-01-02\n---\n" + body)
        return try PageWeaver(articles: [article], assets: []).weave(article).html
    }

    @Test("a heading gets an id and a link to itself, and keeps its inline markup")
    func anchor() throws {
        #expect(try html("## Hello *there*\n\ntext\n")
                == "<h2 id=\"hello-there\">Hello <em>there</em>"
                + "<a class=\"heading-anchor\" href=\"#hello-there\" aria-label=\"Link to this section\" data-pagefind-ignore>#</a></h2>\n<p>text</p>\n")
    }

    @Test("a heading's links are rewritten inside the anchored heading")
    func linksInHeadings() throws {
        let other = try parsedArticle("---\ntitle: A\ndate: 2026-01-02\n---\nx\n", path: "content/a.md")
        let article = try parsedArticle("---\ntitle: T\ndate: 2026-01-02\n---\n# See [it](a.md)\n")
        let woven = try PageWeaver(articles: [article, other], assets: []).weave(article)
        #expect(woven.html == "<h1 id=\"see-it\">See <a href=\"../a/\">it</a>"
                + "<a class=\"heading-anchor\" href=\"#see-it\" aria-label=\"Link to this section\" data-pagefind-ignore>#</a></h1>\n")
    }

    @Test("ids are escaped as attribute values")
    func escaping() {
        #expect(HeadingAnchor(id: "a\"b<c", level: 1).html(anchoring: "<h1>T</h1>\n") == "<h1 id=\"a&quot;b&lt;c\">T"
                + "<a class=\"heading-anchor\" href=\"#a&quot;b&lt;c\" aria-label=\"Link to this section\" data-pagefind-ignore>#</a></h1>\n")
    }

    @Test("HTML that is not the heading of that level is left as it is")
    func otherHTML() {
        #expect(HeadingAnchor(id: "x", level: 2).html(anchoring: "<h3>T</h3>\n") == "<h3>T</h3>\n")
    }
}
