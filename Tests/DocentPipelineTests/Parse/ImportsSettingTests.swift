import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

@Suite("The imports setting")
struct ImportsSettingTests {
    private func article(_ yaml: String) throws -> Article {
        try ContentParser.parseArticle(SourceFile(path: "content/a.md", relativePath: "a.md",
                                                  text: "---\ntitle: T\ndate: 2026-01-01\n\(yaml)---\n"))
    }

    private func errors(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch {
            return DiagnosticError.diagnostics(from: error).map { String($0.description.prefix { $0 != "\n" }) }
        }
    }

    @Test("front matter lists modules, and each is kept with the line and column that names it")
    func frontMatterList() throws {
        let parsed = try article("imports: [Algorithms, Foundation]\n")
        #expect(parsed.frontMatter.execution.imports == ["Algorithms", "Foundation"])
        #expect(parsed.frontMatter.execution.itemLocations["imports"] == [
            SourceLocation(path: "content/a.md", line: 4, column: 11),
            SourceLocation(path: "content/a.md", line: 4, column: 23),
        ])
        #expect(try article("imports: Foundation\n").frontMatter.execution.imports == ["Foundation"])
        #expect(try article("imports: []\n").frontMatter.execution.imports == [])
        #expect(try article("").frontMatter.execution.imports == nil)
    }

    @Test("a name that is not a Swift identifier is an error at its own line in site.yml and front matter")
    func invalidNames() {
        let site = errors {
            _ = try SiteConfigParser.parse(SourceFile(path: "content/site.yml", relativePath: "site.yml", text: """
                title: T
                imports:
                  - Foundation
                  - Foo Bar
                  - 9Lives
                  - [Nested]
                """))
        }
        #expect(site == [
            "content/site.yml:6:5: error: every item of 'imports' must be a single value, not a list or mapping",
            "content/site.yml:4:5: error: every item of 'imports' must be a module name (a Swift identifier), not 'Foo Bar'",
            "content/site.yml:5:5: error: every item of 'imports' must be a module name (a Swift identifier), not '9Lives'",
        ])
        let front = errors { _ = try article("imports: [Foundation, \"X; import Glibc\", Foo.Bar]\n") }
        #expect(front.count == 2)
        #expect(front.first == "content/a.md:4:23: error: every item of 'imports' must be a module name (a Swift identifier), not 'X; import Glibc'")
        #expect(errors { _ = try article("imports: {a: b}\n") }
                    == ["content/a.md:4:10: error: 'imports' must be a list, such as `imports: [Foundation]`"])
        #expect(errors { _ = try article("imports: [_Private, Été, Swift6]\n") }.isEmpty)
    }

    @Test("an article's list replaces site.yml's, locations included; without one, site.yml's applies")
    func resolve() throws {
        let config = try SiteConfigParser.parse(SourceFile(path: "content/site.yml", relativePath: "site.yml",
                                                           text: "imports: [Foundation]\n"))
        let own = try article("imports:\n  - Algorithms\n")
        let none = try article("")
        let key = ExecutionSettingTable.standard.imports.key
        #expect(ExecutionSettings.resolve(site: config.execution, article: own.frontMatter.execution).imports == ["Algorithms"])
        #expect(ExecutionOverrides.itemLocations(of: key, site: config.execution, article: own.frontMatter.execution)
                    == [SourceLocation(path: "content/a.md", line: 5, column: 5)])
        #expect(ExecutionSettings.resolve(site: config.execution, article: none.frontMatter.execution).imports == ["Foundation"])
        #expect(ExecutionOverrides.itemLocations(of: key, site: config.execution, article: none.frontMatter.execution)
                    == [SourceLocation(path: "content/site.yml", line: 1, column: 11)])
    }

    private func source(imports: [String]?, defaults: [String] = []) -> String {
        var article = ExecuteArticle()
        article.add("let a = 1")
        article.add("let b = a + 1")
        var settings = ExecutionSettings()
        settings.imports = imports
        let context = PlanContext(settings: settings, fingerprints: ToolchainFingerprints(compiler: "s", runtime: "r"),
                                  supportModule: nil, defaultImports: defaults)
        let plan = ArticlePlanner(articlePath: ExecuteArticle.path, records: article.records, context: context).plan(excluding: [:])
        return plan.programs[0].source
    }

    @Test("programs import the listed modules after the runtime, numbered apart, leaving the snippets' lines as they were")
    func programHeader() {
        let plain = source(imports: nil)
        let listed = source(imports: ["Algorithms", "Foundation"])
        let lines = listed.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Array(lines.prefix(4)) == ["import PlaygroundRuntime", "#sourceLocation(file: \"__imports__\", line: 1)",
                                           "import Algorithms", "import Foundation"])
        var rest = lines
        rest.removeSubrange(1...3)
        #expect(rest.joined(separator: "\n") == plain)
        // Unset, the default list; an explicit empty list replaces it.
        #expect(source(imports: nil, defaults: ["Algorithms"]).contains("\nimport Algorithms\n"))
        #expect(source(imports: [], defaults: ["Algorithms"]) == plain)
        #expect(!plain.contains("__imports__"))
    }

    @Test("a listed module makes its names available to every snippet", .tags(.compiler))
    func importedModule() throws {
        var article = ExecuteArticle()
        article.add("let host = URL(string: \"https://swift.org/x\")!.host!")
        var settings = ExecutionSettings()
        let without = try executeTestRunner().run(article, settings: settings)
        #expect(without[0].outcome == .compileFailed)
        settings.imports = ["Foundation"]
        let with = try executeTestRunner().run(article, settings: settings)
        #expect(with[0].outcome == .completed, "\(with[0].diagnostics)")
        #expect(with[0].values.map(\.text) == ["\"swift.org\""])
    }

    @Test("a module that does not exist is one error, at the line that names it, not a failure of each snippet",
          .tags(.compiler))
    func missingModule() throws {
        var article = ExecuteArticle()
        article.add("let a = 1")
        article.add("let b = a + 1")
        article.add(.isolated, "let c = 3")
        var settings = ExecutionSettings()
        settings.imports = ["Foundation", "NoSuchModuleHere"]
        let named = [SourceLocation(path: "content/x.md", line: 3, column: 11), SourceLocation(path: "content/x.md", line: 3, column: 23)]
        var job = article.job(settings: settings)
        job.importLocations = named
        let runner = try executeTestRunner().prepare(supportModule: nil, sources: [], package: nil)
        let error = #expect(throws: DiagnosticError.self) { try runner.run(job) }
        let found = error?.diagnostics ?? []
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.location == named[1])
        #expect(found.first?.message == "no such module 'NoSuchModuleHere'")
    }
}
