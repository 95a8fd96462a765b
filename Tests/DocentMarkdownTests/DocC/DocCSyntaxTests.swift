import Testing
@testable import DocentMarkdown

@Suite("DocC syntax read from cmark's tree and the source lines")
struct DocCSyntaxTests {
    @Test("cmark gives <doc:…> as a link whose destination starts with doc:")
    func docLinkIsAutolink() throws {
        let document = MarkdownDocument(parsing: "See <doc:LanguageGuide/TheBasics#Access-Levels>.\n")
        let link = try #require(document.root.filter { if case .link = $0.kind { true } else { false } }.first)
        #expect(link.kind == .link(destination: "doc:LanguageGuide/TheBasics#Access-Levels", title: ""))
        let reference = try #require(DocReference("doc:LanguageGuide/TheBasics#Access-Levels"))
        #expect(reference == DocReference("doc:/documentation/Book/LanguageGuide/TheBasics#Access-Levels"))
        #expect(reference.name == "TheBasics" && reference.folders == ["LanguageGuide"] && reference.fragment == "Access-Levels")
        #expect(DocReference("https://swift.org") == nil)
        #expect(DocReference("doc:") == nil)
    }

    @Test("DocC's heading anchors", arguments: [
        ("Access Levels", "Access-Levels"), ("  Strings  and   Characters ", "Strings-and-Characters"),
        ("What's `new`?", "Whats-new"), ("Café au lait", "Café-au-lait"),
    ])
    func anchors(heading: String, anchor: String) {
        #expect(DocReference.anchor(forHeading: heading) == anchor)
    }

    @Test("an inline replaced by HTML stays inline, inside a block that is itself replaced")
    func inlineReplacement() throws {
        let document = MarkdownDocument(parsing: "> Note: See <doc:A>.\n")
        let link = try #require(document.root.filter { if case .link = $0.kind { true } else { false } }.first)
        let quote = document.root.children[0]
        let aside = try #require(Aside(quote))
        let html = document.html(rewriting: [link.id: .replaceWithHTML("<a href=\"../a/\">A</a>"),
                                             quote.id: .replaceRendered { aside.html(wrapping: $0) }])
        #expect(html == "<aside class=\"aside aside-note\" role=\"note\" aria-label=\"Note\">\n"
                + "<p class=\"aside-label\">Note</p>\n<p>See <a href=\"../a/\">A</a>.</p>\n</aside>\n")
    }

    @Test("asides: DocC's kinds, any case, `See Also` with a space; other quotes stay quotes", arguments: [
        ("> Important: x\n", "important"), ("> experiment: x\n", "experiment"), ("> See Also: x\n", "seealso"),
        ("> Deprecated: x\n", "deprecated"), ("> Throws: x\n", "throws"), ("> Alice: hello\n", nil),
        ("> Just a quote.\n", nil), ("> *Note:* x\n", nil),
    ] as [(String, String?)])
    func asideKinds(source: String, kind: String?) {
        #expect(Aside(MarkdownDocument(parsing: source).root.children[0])?.kind == kind)
    }

    @Test("an aside whose label stands alone keeps its paragraphs")
    func asideLabelAlone() throws {
        let document = MarkdownDocument(parsing: "> Warning:\n>\n> Careful.\n")
        let aside = try #require(Aside(document.root.children[0]))
        #expect(aside.html(wrapping: document.html()) == "<aside class=\"aside aside-warning\" role=\"note\" aria-label=\"Warning\">\n"
                + "<p class=\"aside-label\">Warning</p>\n<p>Careful.</p>\n</aside>\n")
    }

    @Test("directives: arguments over lines with quotes, nested bodies, bodies with blank lines and code")
    func directives() throws {
        let text = """
        Intro.
        @Metadata {
          @DisplayName("A (very) \\"good\\" book", style: conceptual)
          @PageKind(article)
          @TechnologyRoot
        }

        @Row {
            @Column(size: 2) {
                Left text.

                ```
                }
                @Comment { not a directive }
                ```
            }
        }
        @MainActor
        @Small { Fine print. }
        """
        let segments = DirectiveParser.segments(of: text)
        let directives = segments.compactMap { if case .directive(let d) = $0 { d } else { nil } }
        #expect(directives.map(\.name) == ["Metadata", "Row", "Small"])
        let metadata = directives[0]
        #expect(metadata.start == MarkdownPosition(line: 2, column: 1) && metadata.endLine == 6)
        #expect(metadata.children.map(\.name) == ["DisplayName", "PageKind", "TechnologyRoot"])
        #expect(metadata.children[0].arguments == [.init(label: nil, value: "A (very) \"good\" book"),
                                                   .init(label: "style", value: "conceptual")])
        #expect(metadata.children[0].start == MarkdownPosition(line: 3, column: 3))
        let column = try #require(directives[1].children.first)
        #expect(column.argument("size") == "2" && column.start == MarkdownPosition(line: 9, column: 5))
        #expect(column.body?.text == "Left text.\n\n```\n}\n@Comment { not a directive }\n```\n")
        #expect(column.children.isEmpty)
        #expect(directives[1].endLine == 17)
        #expect(directives[2].body?.text == "Fine print.\n")
        // `@MainActor` alone is prose: not a known directive, no `(` or `{`.
        #expect(segments.contains { if case .markdown(let chunk) = $0 { chunk.text.contains("@MainActor") } else { false } })
        #expect(segments.first == .markdown(MarkdownChunk(text: "Intro.\n", firstLine: 1, indent: 0)))
    }

    @Test("a region takes every top-level block up to the closing brace, and nothing after it")
    func regions() throws {
        let text = "# Title\n\n@Comment {\nHidden.\n\n```swift\nlet x = 1\n```\n}\n\nShown.\n\n```swift\nlet y = 2\n```\n"
        let document = MarkdownDocument(parsing: text)
        let regions = document.directiveRegions
        try #require(regions.count == 1)
        let ids = document.root.children.map(\.id)
        #expect(regions[0].blockIDs == Array(ids[1...3]))
        #expect(regions[0].allDirectives.map(\.name) == ["Comment"])
        #expect(MarkdownDocument(parsing: "Mail @someone {or not}.\n\n    @Metadata {\n").directiveRegions.isEmpty)
    }
}
