import Testing
@testable import DocentPipeline

@Suite("Links between source files become links between pages")
struct LinkResolverTests {
    let resolver = LinkResolver(pages: ["a.md": "a/", "guides/intro.md": "guides/intro/", "guides/index.md": "guides/"],
                                assets: ["guides/pic one.png", "logo.svg"])

    @Test("links are resolved relative to the linking file", arguments: [
        ("guides/intro.md", "guides/intro/", "../a.md#top", LinkResolver.Resolution.rewritten("../../a/#top")),
        ("a.md", "a/", "guides/intro.md", .rewritten("../guides/intro/")),
        ("guides/intro.md", "guides/intro/", "pic%20one.png", .rewritten("../../guides/pic%20one.png")),
        ("guides/intro.md", "guides/intro/", "./", .rewritten("../../guides/")),
        ("a.md", "a/", "logo.svg?v=2", .rewritten("../logo.svg?v=2")),
        ("a.md", "a/", "https://swift.org", .unchanged),
        ("a.md", "a/", "mailto:x@y.z", .unchanged),
        ("a.md", "a/", "#section", .unchanged),
        ("a.md", "a/", "/absolute/", .unchanged),
        ("a.md", "a/", "missing.md", .missing("missing.md")),
        ("a.md", "a/", "../outside.md", .missing("../outside.md")),
    ])
    func resolve(from: String, page: String, destination: String, expected: LinkResolver.Resolution) {
        #expect(resolver.resolve(destination, fromArticle: from, pageURL: page) == expected)
    }
}
