import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

@Suite("Loading templates")
struct TemplateLoaderTests {
    private func templates(_ overrides: [String: String]) throws -> TemporaryFolder {
        var files = Dictionary(uniqueKeysWithValues: TemplateSet.required.map { ("templates/\($0).mustache", "{{title}}") })
        files.merge(overrides) { _, new in new }
        return try TemporaryFolder().write(files)
    }

    private func load(_ folder: TemporaryFolder) -> [Diagnostic] {
        diagnostics { _ = try TemplateLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/templates") }
    }

    @Test("the repository's templates load")
    func repository() throws {
        let set = try TemplateLoader(fileSystem: LocalFileSystem()).load(from: repositoryTemplates)
        #expect(set.names.isSuperset(of: TemplateSet.required))
        #expect(set.assets.map(\.path).contains("assets/style.css"))
    }

    @Test("a syntax error names the template's file, line and column")
    func syntaxError() throws {
        let folder = try templates(["templates/article.mustache": "<h1>\n{{#items}}\n{{title}}\n{{/other}}\n"])
        let found = load(folder)
        #expect(found.count == 1)
        #expect(found.first?.location?.path == "\(folder.path)/templates/article.mustache")
        #expect(found.first?.location?.line == 4)
        #expect(found.first?.message == "template syntax error: a closing tag does not match the section it closes")
    }

    @Test("a missing partial is an error at the tag that uses it")
    func missingPartial() throws {
        let folder = try templates(["templates/home.mustache": "<main>\n  {{> partials/nav }}\n</main>\n"])
        let found = load(folder)
        #expect(found.map { $0.location?.description ?? "" } == ["\(folder.path)/templates/home.mustache:2:3"])
        #expect(found.map(\.id) == [.loadMissingPartial])
    }

    @Test("a missing required template is named (when the built-in theme lacks it too)")
    func missingTemplate() throws {
        let folder = try templates([:])
        try FileManager().removeItem(atPath: "\(folder.path)/templates/tag.mustache")
        let found = diagnostics { _ = try TemplateLoader(fileSystem: LocalFileSystem(), builtIn: []).load(from: "\(folder.path)/templates") }
        #expect(found.map(\.id) == [.loadMissingTemplate])
        #expect(found.map(\.location?.path) == ["\(folder.path)/templates/tag.mustache"])
        #expect(load(folder).isEmpty, "the built-in theme's tag.mustache fills the gap")
    }

    @Test("a partial that includes itself, directly or through another, is an error at the reference")
    func selfInclusion() throws {
        let direct = try templates(["templates/partials/loop.mustache": "a\n  {{> partials/loop}}\n"])
        let found = load(direct)
        #expect(found.map { $0.location?.description } == ["\(direct.path)/templates/partials/loop.mustache:2:3"])
        #expect(found.map(\.id) == [.loadTemplateCycle])
        let indirect = try templates(["templates/partials/a.mustache": "{{> partials/b}}", "templates/partials/b.mustache": "{{> partials/a}}"])
        #expect(load(indirect).count == 1)
    }
}
