import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

@Suite("Loading and parsing the content folder")
struct ContentTests {
    private func load(_ folder: TemporaryFolder) throws -> LoadedContent {
        try ContentLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/content")
    }

    @Test("articles, assets, site.yml and support sources are told apart; private files are skipped")
    func sorting() throws {
        let folder = try TemporaryFolder().write([
            "content/a.md": article(), "content/guides/b.md": article(), "content/site.yml": "title: S\n",
            "content/guides/pic.png": "png", "content/_support/Field.swift": "public struct F {}\n",
            "content/_drafts/c.md": article(), "content/.hidden.md": article(),
        ])
        let content = try load(folder)
        #expect(content.articles.map(\.relativePath) == ["a.md", "guides/b.md"])
        #expect(content.assets == ["guides/pic.png"])
        #expect(content.siteConfig?.text == "title: S\n")
        #expect(content.supportSources.map(\.relativePath) == ["_support/Field.swift"])
    }

    @Test("a file that is not UTF-8 is reported at the first bad byte")
    func notUTF8() throws {
        let folder = try TemporaryFolder().write(["content/a.md": article()])
        try Data("---\ntitle: caf".utf8 + [0xE9] + Data("\n".utf8)).write(to: URL(fileURLWithPath: "\(folder.path)/content/bad.md"))
        let found = diagnostics { _ = try load(folder) }
        #expect(found.map(\.description).first?.hasPrefix("\(folder.path)/content/bad.md:2:11: error: file is not valid UTF-8") == true)
    }

    @Test("a missing content folder says how to pass one")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        let found = diagnostics { _ = try load(folder) }
        #expect(found.map(\.id) == [.loadContentFolderNotFound])
        #expect(found.map(\.location?.path) == ["\(folder.path)/content"])
    }

    @Test("two articles with the same page are an error at the slug")
    func duplicateSlug() throws {
        let folder = try TemporaryFolder().write([
            "content/a.md": article(), "content/b.md": article(extra: "slug: a\n"),
        ])
        let found = diagnostics { _ = try ContentParser().parse(try load(folder)) }
        #expect(found.count == 1)
        #expect(found.first?.location?.line == 4)
        #expect(found.first?.location?.path.hasSuffix("content/b.md") == true)
        #expect(found.first?.id == .parseDuplicateSlug)
    }

    @Test("reserved paths and the home page cannot be taken", arguments: ["series/x.md", "tags.md", "index.md"])
    func reserved(path: String) throws {
        let folder = try TemporaryFolder().write(["content/\(path)": article()])
        #expect(diagnostics { _ = try ContentParser().parse(try load(folder)) }.count == 1)
    }

    @Test("drafts are left out unless asked for")
    func drafts() throws {
        let folder = try TemporaryFolder().write(["content/a.md": article(), "content/b.md": article(extra: "draft: true\n")])
        #expect(try ContentParser().parse(try load(folder)).articles.count == 1)
        #expect(try ContentParser(includeDrafts: true).parse(try load(folder)).articles.count == 2)
    }

    @Test("URL paths mirror the content folder", arguments: [
        ("a.md", nil, "a/"), ("guides/intro.md", nil, "guides/intro/"), ("guides/index.md", nil, "guides/"),
        ("guides/intro.md", "start", "guides/start/"),
    ] as [(String, String?, String)])
    func urlPaths(path: String, slug: String?, url: String) {
        #expect(ContentParser.urlPath(for: path, slug: slug) == url)
    }

    @Test("site.yml is optional, and its errors are located")
    func siteConfig() throws {
        #expect(try SiteConfigParser.parse(nil) == SiteConfig())
        let config = try SiteConfigParser.parse(SourceFile(path: "content/site.yml", relativePath: "site.yml", text: """
            title: My Site
            base-url: https://example.org/docs
            series:
              - Second
              - title: First
                summary: The first one.
            """))
        #expect(config.title == "My Site")
        #expect(config.baseURL == "https://example.org/docs/")
        #expect(config.series == [.init(title: "Second"), .init(title: "First", summary: "The first one.")])
        let found = diagnostics {
            _ = try SiteConfigParser.parse(SourceFile(path: "content/site.yml", relativePath: "site.yml", text: "title: X\nbase_url: y\n"))
        }
        #expect(found.first?.id == .parseYAMLUnknownKey)
        #expect(found.first?.location == SourceLocation(path: "content/site.yml", line: 2, column: 1))
    }
}

@Suite("Symbolic links in the content folder")
struct SymlinkContentTests {
    // Links that lead out of the content folder are no longer followed (issue 20): HostileInputTests.linksLeavingContent.
    @Test("a linked article and a linked folder inside the content folder are followed; a link back into the folder is not walked twice")
    func followed() throws {
        let folder = try TemporaryFolder().write(["content/real.md": "# Real\n", "content/elsewhere/linked.md": "# Linked\n",
                                                  "content/elsewhere/dir/deep.md": "# Deep\n"])
        let files = FileManager()
        try files.createSymbolicLink(atPath: "\(folder.path)/content/linked.md", withDestinationPath: "elsewhere/linked.md")
        try files.createSymbolicLink(atPath: "\(folder.path)/content/dirlink", withDestinationPath: "elsewhere/dir")
        try files.createSymbolicLink(atPath: "\(folder.path)/content/loop", withDestinationPath: "../content")
        #expect(try LocalFileSystem().files(under: "\(folder.path)/content")
                == ["dirlink/deep.md", "elsewhere/dir/deep.md", "elsewhere/linked.md", "linked.md", "real.md"])
    }
}

@Suite("File names a URL cannot hold as they are")
struct EncodedURLTests {
    @Test("#, ?, % and a backslash in a file name are percent-encoded in links to its page")
    func encoded() throws {
        let folder = try TemporaryFolder().write(["content/what?#100%\\.md": "# Odd\n"])
        _ = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner())
            .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", templatesDirectory: repositoryTemplates,
                                      outputDirectory: "\(folder.path)/site"))
        let home = try folder.read("site/index.html")
        #expect(home.contains("href=\"what%3F%23100%25%5C/\""), "\(home)")
        #expect(FileManager().fileExists(atPath: "\(folder.path)/site/what?#100%\\/index.html"))
    }
}

@Suite("A file name with a line break")
struct LineBreakFileNameTests {
    @Test("its locations stay on one line of the report")
    func oneLine() {
        let location = SourceLocation(path: "content/a\nb.md", line: 3, column: 2)
        #expect(location.description == "content/a\\u{A}b.md:3:2")
        #expect(!Diagnostic.error(DiagnosticID("test.fixture"), at: location, "x").description.contains("\n"))
    }
}
