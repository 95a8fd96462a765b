import DocentCore
import Testing
@testable import DocentPipeline

/// The weaver reads each article's headings once, when it is made, and weaves with them; an article it was not
/// made with, or one whose body changed since, is read again.
@Suite("Weave: headings read once")
struct WeaveHeadingsOnceTests {
    @Test("an article the weaver was made with weaves as one it was not")
    func knownAndUnknown() throws {
        let article = try parsedArticle("---\ntitle: T\ndate: 2026-01-02\n---\n## One\n\n### Two\n\n## One\n")
        let known = try PageWeaver(articles: [article], assets: []).weave(article)
        let unknown = try PageWeaver(articles: [], assets: []).weave(article)
        #expect(known.html == unknown.html)
        #expect(known.headings.map(\.anchor) == ["one", "two", "one-1"])
        #expect(unknown.headings.map(\.anchor) == ["one", "two", "one-1"])
    }

    @Test("an article whose body changed since the weaver was made gets its new headings")
    func changedBody() throws {
        let before = try parsedArticle("---\ntitle: T\ndate: 2026-01-02\n---\n## Before\n")
        let after = try parsedArticle("---\ntitle: T\ndate: 2026-01-02\n---\n## After\n\n## More\n")
        #expect(before.relativePath == after.relativePath)
        let woven = try PageWeaver(articles: [before], assets: []).weave(after)
        #expect(woven.headings.map(\.anchor) == ["after", "more"])
        #expect(woven.html.contains("<h2 id=\"after\">"))
    }
}

/// Slugs of ASCII text are made byte by byte; they must be the slugs the Unicode path makes.
@Suite("Slugs")
struct SlugTests {
    @Test("known slugs", arguments: [
        ("Dates & Times", "dates-times"),
        ("Hello, World! 2.0", "hello-world-2-0"),
        ("under_score/slash.dot-dash", "under-score-slash-dot-dash"),
        ("\tTabs\u{0B}and\u{0C}feeds\r\n", "tabs-and-feeds"),
        ("  --Leading and trailing--  ", "leading-and-trailing"),
        ("ÀB Ça va", "àb-ça-va"),
        ("!!!", ""),
    ])
    func known(text: String, slug: String) {
        #expect(Slug.make(text) == slug)
    }

    @Test("an empty slug takes the fallback; repeats are numbered")
    func unique() {
        var used: Set<String> = []
        #expect(Slug.unique("!!!", fallback: "section", in: &used) == "section")
        #expect(Slug.unique("A b", fallback: "section", in: &used) == "a-b")
        #expect(Slug.unique("a B", fallback: "section", in: &used) == "a-b-1")
    }
}
