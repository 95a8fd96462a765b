import DocentCore
import Testing
@testable import DocentPipeline

/// A DocC catalog's landing page without `@TechnologyRoot`: the page titled with the module's symbol link, or the
/// catalog's `index.md`, is the home page (they used to stop the run: "this article would replace the home page").
@Suite("DocC catalogs: the root page")
struct CatalogRootTests {
    /// Parses `files` (path → text) as the content folder `folder`.
    private func parse(_ files: [String: String], in folder: String) throws -> ParsedContent {
        let content = LoadedContent(articles: files.keys.sorted().map { SourceFile(path: "\(folder)/\($0)", relativePath: $0, text: files[$0]!) },
                                    siteConfig: nil, assets: [], supportSources: [])
        return try ContentParser().parse(content)
    }

    private func root(of site: ParsedContent) -> String? {
        site.articles.first { $0.docc.isTechnologyRoot }?.relativePath
    }

    @Test("index.md titled with the module's symbol link is the home page, not an error")
    func indexPage() throws {
        let site = try parse(["index.md": "# ``Logging``\n\nA logging API.\n\n## Topics\n\n- <doc:Guide>\n",
                              "Guide.md": "# Guide\n", "Extensions/Logger.md": "# ``Logging/Logger``\n"],
                             in: "Sources/Logging/Docs.docc")
        #expect(root(of: site) == "index.md")
        let index = try #require(site.articles.first { $0.relativePath == "index.md" })
        #expect(index.urlPath == "" && index.docc.symbolTitle == "Logging" && site.config.title == "Logging")
        #expect(site.articles.first { $0.relativePath == "Guide.md" }?.frontMatter.series == "Logging")
    }

    @Test("the page titled with the module's symbol link is the root, not a symbol page beside it")
    func modulePage() throws {
        let files = ["Complex.md": "# ``Complex``\n", "ComplexModule.md": "# ``ComplexModule`` <!-- the module -->\n",
                     "Overview.md": "# Overview\n"]
        #expect(root(of: try parse(files, in: "Sources/ComplexModule/Documentation.docc")) == "ComplexModule.md")
        // The folder names the module, not the catalog (`Docs.docc`), in any case and with `_` for `-`.
        #expect(root(of: try parse(["WebSocket.md": "# ``WebsocketKit``\n", "B.md": "# ``WebsocketKit/Thing``\n"],
                                   in: "Sources/WebSocketKit/Docs.docc")) == "WebSocket.md")
    }

    @Test("an index.md that no symbol link titles is the root too, and @TechnologyRoot wins over both")
    func precedence() throws {
        #expect(root(of: try parse(["index.md": "# Welcome\n", "A.md": "# A\n"], in: "Guide.docc")) == "index.md")
        let explicit = try parse(["index.md": "# ``Book``\n", "Root.md": "# Root\n\n@Metadata {\n  @TechnologyRoot\n}\n"],
                                 in: "Book.docc")
        #expect(root(of: explicit) == "Root.md")
        #expect(explicit.articles.first { $0.relativePath == "index.md" }?.urlPath == "index/")
    }

    @Test("pages in subfolders and symbol titles of other modules are never the root; a plain folder stays as it is")
    func notRoots() throws {
        let site = try parse(["Sub/index.md": "# ``Algorithms``\n", "A.md": "# ``Algorithms/chunked(by:)``\n",
                              "B.md": "# B\n"], in: "Sources/Algorithms/Documentation.docc")
        #expect(root(of: site) == nil)
        #expect(root(of: try parse(["A.md": "# A\n", "B.md": "# ``Foo.bar``\n"], in: "content")) == nil)
        // A site's index.md, outside a catalog and titled in words, still may not take the home page.
        let problems = diagnostics { _ = try self.parse(["index.md": "# Welcome\n", "A.md": "# A\n"], in: "content") }
        #expect(problems.map(\.id) == [.parseReplacesHomePage])
    }

    @Test("the symbol title is the heading's whole text between double backticks")
    func symbolTitles() {
        func title(_ text: String) -> String? { DocCCatalog.page(of: .init(parsing: text), path: "x.md", bodyLineOffset: 0).symbolTitle }
        #expect(title("# ``Deque``\n") == "Deque")
        #expect(title("\n#   ``DequeModule/Deque``  \n") == "DequeModule/Deque")
        #expect(title("# `Deque`\n") == nil)
        #expect(title("# The ``Deque`` type\n") == nil)
        #expect(title("## ``Deque``\n") == nil)
    }
}
