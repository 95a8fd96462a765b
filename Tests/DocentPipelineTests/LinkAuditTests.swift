import Foundation
import Testing

/// The link audit is the golden site's oracle for links, so it is checked on a site written by hand.
@Suite struct LinkAuditTests {
    @Test("finds exactly the links that lead to no file, out of the site, or to a missing id")
    func handWrittenSite() throws {
        let folder = try TemporaryFolder().write([
            "index.html": """
                <!doctype html><html><head><link rel="stylesheet" href="assets/style.css"><!-- <a href="gone/"> -->
                <script>var s = '<a href="nowhere/">';</script></head><body id="top">
                <a href="guide/">ok</a> <a href='guide/#intro'>ok</a> <a href="#top">ok</a> <img src="a%20b.svg">
                <a href="https://example.com/x">external</a> <a href="/rooted/">rooted</a> <a href="mailto:a@b.c">mail</a>
                <a href="guide/?q=1&amp;r=2#intro">ok</a>
                <a href="missing/">1</a> <a href="guide/#nope">2</a> <a href="#bottom">3</a> <a href="../outside.html">4</a>
                <a href="guide">5</a> <img src="a b.png">
                </body></html>
                """,
            "guide/index.html": "<h2 id=\"intro\">Intro</h2><a href=\"../\">up</a><a href=\"../index.html#top\">top</a>",
            "assets/style.css": "body {}",
            "a b.svg": "<svg/>",
        ])
        let audit = try LinkAudit(site: folder.path)
        #expect(audit.broken == ["index.html: missing/", "index.html: guide/#nope", "index.html: #bottom",
                                 "index.html: ../outside.html", "index.html: guide", "index.html: a b.png"])
        #expect(audit.links == 14)
    }

    @Test("entities in attributes are decoded as a browser decodes them")
    func entities() {
        #expect(LinkAudit.decodeEntities("a&amp;b&#39;c&#x2F;d&quot;&unknown;&") == "a&b'c/d\"&unknown;&")
    }
}
