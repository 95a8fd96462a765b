import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Every producer of a location counts its column in UTF-8 bytes: each test puts a multi-byte character before the
/// located position, where a count of Characters or Unicode scalars would give a smaller column.
@Suite("Source locations: columns are UTF-8 bytes")
struct SourceColumnTests {
    private func templateProblems(_ files: [String: String]) throws -> (TemporaryFolder, [Diagnostic]) {
        var all = Dictionary(uniqueKeysWithValues: TemplateSet.required.map { ("templates/\($0).mustache", "{{title}}") })
        all.merge(files) { _, new in new }
        let folder = try TemporaryFolder().write(all)
        return (folder, diagnostics { _ = try TemplateLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/templates") })
    }

    @Test("the converters count UTF-8 bytes of Characters and of Unicode scalars")
    func converters() {
        #expect(SourceLocation.utf8Column(afterCharacters: 2, in: "éa=1") == 4)
        #expect(SourceLocation.utf8Column(afterCharacters: 1, in: "e\u{301}x") == 4)
        #expect(SourceLocation.utf8Column(afterScalars: 2, in: "e\u{301}x") == 4)
        #expect(SourceLocation.utf8Column(afterScalars: 1, in: "😀x") == 5)
        #expect(SourceLocation.utf8Column(afterCharacters: 3, in: "é") == 5)
    }

    @Test("a code block's attribute, in a block quote after a multi-byte word")
    func attribute() throws {
        let found = diagnostics { _ = try SnippetExtractor().extract(try parsedArticle(article(body: "> ```swift compile-fail=\"é\" hiden\n> let x = 1\n> ```\n"))) }
        #expect(found.map(\.location?.description) == ["content/x.md:5:30"])
    }

    @Test("a `// =>` value and a `// Prints` text after a multi-byte name")
    func expectations() throws {
        let text = "> ```swift\n> let é = 1 // => 1\n> print(é) // Prints \"1\"\n> ```\n"
        let snippet = try #require(try SnippetExtractor().extract(try parsedArticle(article(body: text))).first)
        #expect(snippet.expectedValues.map(\.column) == [20])
        #expect(snippet.expectedPrints.map(\.quoteStart) == [23])
    }

    @Test("a missing partial after a multi-byte character")
    func partial() throws {
        let (folder, found) = try templateProblems(["templates/home.mustache": "<p>é {{> nav}}</p>\n"])
        #expect(found.map { $0.location?.description ?? "" } == ["\(folder.path)/templates/home.mustache:1:7"])
    }

    @Test("a template syntax error after a multi-byte character is one byte further than after an ASCII one")
    func templateSyntaxError() throws {
        let (_, ascii) = try templateProblems(["templates/home.mustache": "e{{#a}}{{/b}}\n"])
        let (_, accented) = try templateProblems(["templates/home.mustache": "é{{#a}}{{/b}}\n"])
        let asciiColumn = try #require(ascii.first?.location?.column)
        #expect(accented.first?.location?.column == asciiColumn + 1)
    }

    @Test("the first byte that is not UTF-8")
    func invalidUTF8() {
        let location = ContentLoader.firstInvalidUTF8(in: Data([0x61, 0x0A, 0xC3, 0xA9, 0x20, 0xFF]), path: "a.md")
        #expect(location.description == "a.md:2:4")
    }

    @Test("a front matter value after a multi-byte character")
    func frontMatterValue() throws {
        let found = diagnostics { _ = try parsedArticle("---\n{title: \"é\", date: nope}\n---\nText.\n") }
        #expect(found.map(\.location?.description) == ["content/x.md:2:21"])
    }

    @Test("a YAML syntax error after a multi-byte character is one byte further than after an ASCII one")
    func yamlSyntaxError() throws {
        let ascii = diagnostics { _ = try parsedArticle("---\ntitle: \"e\" x: [\n---\nText.\n") }
        let accented = diagnostics { _ = try parsedArticle("---\ntitle: \"é\" x: [\n---\nText.\n") }
        let asciiLocation = try #require(ascii.first?.location)
        #expect(asciiLocation.line == 2)
        #expect(accented.first?.location?.column == asciiLocation.column + 1)
    }
}
