import DocentCore
import Foundation
import Mustache
import Testing
@testable import DocentPipeline

@Suite("The built-in theme")
struct BuiltInThemeTests {
    @Test("it holds exactly the files of the repository's templates folder, byte for byte")
    func matchesTheFolder() throws {
        let onDisk = try LocalFileSystem().files(under: repositoryTemplates).sorted()
        #expect(BuiltInTheme.files.map(\.path).sorted() == onDisk,
                "the EmbedFiles plugin must embed every file of templates/")
        for file in BuiltInTheme.files {
            let disk = try Data(contentsOf: URL(fileURLWithPath: "\(repositoryTemplates)/\(file.path)"))
            #expect(Data(file.contents) == disk, "\(file.path) differs from templates/\(file.path): rebuild docent")
        }
    }

    @Test("without a templates folder, the built-in theme renders every page and copies its assets")
    func aloneBuildsASite() throws {
        let folder = try TemporaryFolder().write(["content/hello.md": "# Hello\n\nSome text.\n"])
        let summary = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: FakeRunner())
            .build(BuildConfiguration(contentDirectory: "\(folder.path)/content", templatesDirectory: nil,
                                      outputDirectory: "\(folder.path)/site"))
        #expect(summary.articles == 1)
        let site = try folder.snapshot("site")
        #expect(site["hello/index.html"].map { String(decoding: $0, as: UTF8.self).contains("<h1>Hello</h1>") } == true)
        #expect(site["assets/style.css"] == Data(BuiltInTheme.files.first { $0.path == "assets/style.css" }!.contents))
    }

    @Test("a templates folder replaces the built-in files file by file; the others stay built in")
    func overridesFileByFile() throws {
        let folder = try TemporaryFolder().write([
            "templates/partials/footer.mustache": "<footer>my own footer</footer>",
            "templates/assets/extra.css": "body { color: red }",
        ])
        let set = try TemplateLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/templates")
        #expect(set.origins["partials/footer"] == "\(folder.path)/templates/partials/footer.mustache")
        #expect(set.origins["article"] == "\(BuiltInTheme.label)/article.mustache")
        #expect(set.library.render([:], withTemplate: "partials/footer") == "<footer>my own footer</footer>")
        #expect(set.assets.contains(.init(path: "assets/extra.css", source: .file("\(folder.path)/templates/assets/extra.css"))))
        #expect(set.assets.contains { $0.path == "assets/style.css" })
    }

    @Test("an error in an overriding template names the author's file and line")
    func overrideErrorIsLocated() throws {
        let folder = try TemporaryFolder().write(["templates/article.mustache": "<p>\n{{#article}}\n"])
        let found = diagnostics { _ = try TemplateLoader(fileSystem: LocalFileSystem()).load(from: "\(folder.path)/templates") }
        #expect(found.map { $0.location?.path } == ["\(folder.path)/templates/article.mustache"])
        #expect(found.first?.id == .loadTemplateSyntax)
    }

    @Test("eject writes every built-in file and refuses, writing nothing, when any would be overwritten")
    func eject() throws {
        let folder = try TemporaryFolder()
        let written = try ThemeEjector(fileSystem: LocalFileSystem()).eject(into: "\(folder.path)/theme")
        #expect(written.sorted() == BuiltInTheme.files.map(\.path).sorted())
        _ = try TemplateLoader(fileSystem: LocalFileSystem(), builtIn: []).load(from: "\(folder.path)/theme")

        let other = try TemporaryFolder().write(["theme/partials/footer.mustache": "mine"])
        let found = diagnostics { try ThemeEjector(fileSystem: LocalFileSystem()).eject(into: "\(other.path)/theme") }
        #expect(found.map { $0.location?.path } == ["\(other.path)/theme/partials/footer.mustache"])
        #expect(try other.snapshot("theme").keys.sorted() == ["partials/footer.mustache"])
        #expect(try String(contentsOfFile: "\(other.path)/theme/partials/footer.mustache", encoding: .utf8) == "mine")
    }
}
