import DocentCore
import DocentMarkdown
import Foundation
import Testing
@testable import DocentPipeline

/// DocC catalogs through Parse and Weave, without a compiler: files in memory, pages woven without snippets.
@Suite("DocC catalogs: parse and weave")
struct DocCCatalogPipelineTests {
    /// Parses `files` (path → text) as a content folder called `Book.docc`, with `images` (path → pixel size).
    private func parse(_ files: [String: String], images: [String: CatalogImage.Size?] = [:]) throws -> ParsedContent {
        var content = LoadedContent(articles: files.keys.sorted().map { SourceFile(path: "Book.docc/\($0)", relativePath: $0, text: files[$0]!) },
                                    siteConfig: nil, assets: images.keys.sorted(), supportSources: [])
        content.imageSizes = images
        return try ContentParser().parse(content)
    }

    private func woven(_ site: ParsedContent, _ path: String) throws -> WovenArticle {
        let weaver = PageWeaver(articles: site.articles, assets: site.assets)
        return try weaver.weave(try #require(site.articles.first { $0.relativePath == path }))
    }

    static let root = """
    # Ignored Heading

    @Metadata {
      @TechnologyRoot
      @DisplayName("My Book")
      @PageKind(article)
    }

    ## Topics

    ### Later

    - <doc:Zeta>
    - <doc:Guide/Alpha>
    """

    @Test("the root is the home page and names the site; Topics order the series, unlisted articles after")
    func rootAndTopics() throws {
        let site = try parse(["Root.md": Self.root, "Guide/Alpha.md": "# Alpha\n", "Zeta.md": "# Zeta\n\n## Topics\n\n- <doc:Mid>\n",
                              "Mid.md": "# Mid\n", "Beta.md": "# Beta\n", "Aaa.md": "# Aaa\n"])
        let root = try #require(site.articles.first { $0.relativePath == "Root.md" })
        #expect(root.urlPath == "" && root.docc.isTechnologyRoot && root.docc.pageKind == "article")
        #expect(root.frontMatter.title == "My Book" && site.config.title == "My Book")
        #expect(root.docc.topics.map(\.title) == ["Later"])
        let index = SiteIndex(articles: try site.articles.map { try woven(site, $0.relativePath) }, config: site.config)
        #expect(index.root?.article.relativePath == "Root.md")
        #expect(index.series.map(\.title) == ["My Book"])
        // Depth first: Zeta, then what Zeta lists (Mid), then Alpha; Aaa and Beta are listed nowhere.
        #expect(index.series[0].articles.map(\.article.frontMatter.title) == ["Zeta", "Mid", "Alpha", "Aaa", "Beta"])
    }

    @Test("a second root is an error; without a root nothing is rearranged")
    func roots() throws {
        let problems = diagnostics { _ = try self.parse(["A.md": Self.root, "B.md": "# B\n\n@Metadata {\n  @TechnologyRoot\n}\n"]) }
        #expect(problems.map(\.firstLine) == ["Book.docc/B.md:1:1: error: a second catalog root (@TechnologyRoot): 'A.md' is the home page already"])
        let plain = try parse(["A.md": "# A\n", "B.md": "# B\n"])
        #expect(plain.articles.allSatisfy { $0.frontMatter.series == nil && !$0.urlPath.isEmpty })
        #expect(plain.config.title == "Docent")
    }

    @Test("<doc:> links: the title, a heading's text and id for a DocC anchor, located errors for missing and ambiguous names")
    func docLinks() throws {
        let site = try parse(["A.md": "# Alpha\n\n## Access Levels\n\nSee <doc:B> and [this](doc:B#Other-Part).\n",
                              "Sub/B.md": "# Bravo\n\n## Other Part\n\nBack to <doc:A#Access-Levels>.\n",
                              "X/Twin.md": "# T1\n", "Y/Twin.md": "# T2\n",
                              "C.md": "# C\n\nText\nand <doc:Bravo>, <doc:Twin>, <doc:Y/Twin>.\n"])
        let a = try woven(site, "A.md")
        #expect(a.html.contains("See <a class=\"doc-link\" href=\"../Sub/B/\">Bravo</a> and <a href=\"../Sub/B/#other-part\">this</a>."))
        let b = try woven(site, "Sub/B.md")
        #expect(b.html.contains("<a class=\"doc-link\" href=\"../../A/#access-levels\">Access Levels</a>"))
        // No catalog root: headings keep their one id.
        #expect(b.html.contains("<h2 id=\"other-part\">Other Part"))
        try LinkChecker().check([a, b])
        let problems = diagnostics { _ = try self.woven(site, "C.md") }
        #expect(problems.map(\.firstLine) == [
            "Book.docc/C.md:4:5: error: no article named 'Bravo' for '<doc:Bravo>'",
            "Book.docc/C.md:4:18: error: '<doc:Twin>' could be any of 2 articles named 'Twin.md'",
        ])
    }

    @Test("a DocC anchor that names no heading is a broken link, caught by the link checker")
    func brokenAnchor() throws {
        let site = try parse(["A.md": "# A\n\nSee <doc:B#Nowhere>.\n", "B.md": "# B\n\n## Somewhere\n"])
        let woven = try site.articles.map { try self.woven(site, $0.relativePath) }
        let problems = diagnostics { try LinkChecker().check(woven) }
        #expect(problems.first?.firstLine == "Book.docc/A.md:3:5: error: no anchor '#Nowhere' on 'B.md'")
    }

    @Test("in a catalog a heading also carries DocC's anchor, and links to it pass the checker")
    func aliases() throws {
        let site = try parse(["Root.md": Self.root, "Zeta.md": "# Zeta\n\n## Access Levels\n\n[Up](#Access-Levels)\n"])
        let zeta = try woven(site, "Zeta.md")
        #expect(zeta.html.contains("<h2 id=\"access-levels\"><span class=\"heading-alias\" id=\"Access-Levels\"></span>Access Levels"))
        try LinkChecker().check([zeta])
    }

    @Test("images by name: the 1× size of a 2× file, the dark variant in a <picture>, an unknown name located")
    func images() throws {
        let site = try parse(["A.md": "# A\n\n![Grid](grid)\n\n![Plain](plain.png)\n", "B.md": "# B\n\nText ![Gone](gone) here.\n"],
                             images: ["Assets/grid@2x.png": .init(width: 201, height: 100), "Assets/grid~dark@2x.png": nil,
                                      "Assets/grid~dark.png": nil, "Resources/deep/plain.png": .init(width: 10, height: 20)])
        let a = try woven(site, "A.md")
        #expect(a.html.contains("<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"../Assets/grid~dark.png 1x, ../Assets/grid~dark@2x.png 2x\">"
                                + "<img src=\"../Assets/grid@2x.png\" srcset=\"../Assets/grid@2x.png 2x\" alt=\"Grid\" width=\"101\" height=\"50\" loading=\"lazy\"></picture>"))
        #expect(a.html.contains("<picture><img src=\"../Resources/deep/plain.png\" alt=\"Plain\" width=\"10\" height=\"20\" loading=\"lazy\"></picture>"))
        let problems = diagnostics { _ = try self.woven(site, "B.md") }
        #expect(problems.map(\.firstLine) == ["Book.docc/B.md:3:14: error: no image named 'gone' in the content folder"])
    }

    @Test("directives: hidden, rendered, or shown with a warning at the @; directive text in code stays code")
    func directives() throws {
        let text = """
        # A

        Before.
        @Comment {
          Secret.
        }

        @Row {
          @Column(size: 2) {
            Left with <doc:A>.
          }
          @Column { Right. }
        }

        @Flourish(style: big) {
          Kept content.
        }

        ```swift
        @Comment { code }
        ```

        Inline `@Comment { x }` too.
        """
        let site = try parse(["A.md": text])
        let woven = try woven(site, "A.md")
        #expect(woven.html.contains("<p>Before.</p>"))
        #expect(!woven.html.contains("Secret") && !woven.html.contains("@Row") && !woven.html.contains("@Flourish"))
        #expect(woven.html.contains("<div class=\"docc-row\">\n<div class=\"docc-column\" style=\"--span: 2\">\n"
                                    + "<p>Left with <a class=\"doc-link\" href=\"../A/\">A</a>.</p>\n</div>\n"
                                    + "<div class=\"docc-column\" style=\"--span: 1\">\n<p>Right.</p>\n</div>\n</div>"))
        #expect(woven.html.contains("<p>Kept content.</p>"))
        #expect(woven.html.contains("<code class=\"language-swift\">@Comment { code }\n</code>"))
        #expect(woven.html.contains("<code>@Comment { x }</code>"))
        #expect(woven.warnings.map(\.firstLine) == [
            "Book.docc/A.md:15:1: warning: unknown directive '@Flourish': its content is shown, the directive itself is ignored",
        ])
    }

    @Test("asides in the woven page; a quote without a kind stays a quote")
    func asides() throws {
        let site = try parse(["A.md": "# A\n\n> Tip: Use `let`.\n\n> To be or not.\n"])
        let html = try woven(site, "A.md").html
        #expect(html.contains("<aside class=\"aside aside-tip\" role=\"note\" aria-label=\"Tip\">\n<p class=\"aside-label\">Tip</p>\n<p>Use <code>let</code>.</p>\n</aside>"))
        #expect(html.contains("<blockquote>\n<p>To be or not.</p>\n</blockquote>"))
    }

    @Test("image headers: PNG, GIF, JPEG start-of-frame, SVG width and height")
    func imageHeaders() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 1, 44, 0, 0, 0, 150, 8, 2, 0, 0, 0]
        #expect(ImageHeader.size(of: Data(png), path: "a.png") == .init(width: 300, height: 150))
        #expect(ImageHeader.size(of: Data(Array("GIF89a".utf8) + [10, 0, 5, 0]), path: "a.gif") == .init(width: 10, height: 5))
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 48, 0, 64, 3, 0, 0, 0, 0]
        #expect(ImageHeader.size(of: Data(jpeg), path: "a.jpg") == .init(width: 64, height: 48))
        #expect(ImageHeader.size(of: Data("<svg xmlns='x' width='120px' height=\"60\">".utf8), path: "a.svg") == .init(width: 120, height: 60))
        #expect(ImageHeader.size(of: Data("<svg viewBox='0 0 1 1'>".utf8), path: "a.svg") == nil)
        #expect(ImageHeader.size(of: Data([1, 2, 3]), path: "a.png") == nil)
    }
}

extension Diagnostic {
    /// `path:line:col: severity: message`, without the notes.
    fileprivate var firstLine: String { String(description.split(separator: "\n").first ?? "") }
}

@Suite("DocC directives nested beyond reason")
struct DocCNestingTests {
    @Test("directives nested hundreds deep weave without overflowing, the deepest left out with a warning")
    func deepNesting() throws {
        let depth = 300
        let text = "# A\n\n" + String(repeating: "@Small {\n", count: depth) + "Deep.\n" + String(repeating: "}\n", count: depth)
        let content = LoadedContent(articles: [SourceFile(path: "c/A.md", relativePath: "A.md", text: text)], siteConfig: nil,
                                    assets: [], supportSources: [])
        let site = try ContentParser().parse(content)
        let woven = try PageWeaver(articles: site.articles, assets: []).weave(site.articles[0])
        #expect(woven.warnings.map { String($0.description.split(separator: "\n")[0]) }
                == ["c/A.md:\(3 + Directive.maximumNesting):1: warning: directives nested more than \(Directive.maximumNesting) deep: "
                    + "this one and its content are left out"])
        #expect(!woven.html.contains("@Small"))
    }
}
