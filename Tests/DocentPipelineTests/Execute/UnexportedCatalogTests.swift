import DocentCore
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Issue 33: a DocC catalog of a target no library product holds cannot be checked (SwiftPM lets no other package
/// import that target), so its examples are skipped with a located warning at the catalog, not failed.
@Suite("A catalog of a target no library product exports")
struct UnexportedCatalogTests {
    /// A library target `Lib`, an internal target `Internals` (used by an executable), and one at a custom folder.
    private let targets = try! PackageTargets(PackageManifest(describeJSON: Data("""
        {"name": "Pkg",
         "products": [{"name": "Lib", "type": {"library": ["automatic"]}, "targets": ["Lib"]},
                      {"name": "tool", "type": {"executable": null}, "targets": ["Tool"]}],
         "targets": [{"name": "Lib", "path": "Sources/Lib"}, {"name": "Internals", "path": "Sources/Internals"},
                     {"name": "Tool", "path": "Sources/Tool"}, {"name": "Odd", "path": "Code/Odd/"}]}
        """.utf8)))

    @Test("only a file in a .docc catalog inside an unexported target's folder is that target's documentation")
    func whichTarget() {
        #expect(targets.unexportedTarget(of: "Sources/Internals/Internals.docc/Guide.md") == "Internals")
        #expect(targets.unexportedTarget(of: "./Sources/Tool/Tool.docc/Sub/Page.md") == "Tool")
        #expect(targets.unexportedTarget(of: "Code/Odd/Odd.docc/Odd.md") == "Odd")
        #expect(targets.unexportedTarget(of: "Sources/Lib/Lib.docc/Lib.md") == nil)          // a library's target
        #expect(targets.unexportedTarget(of: "Sources/Internals/README.md") == nil)          // not in a catalog
        #expect(targets.unexportedTarget(of: "Sources/InternalsMore/X.docc/X.md") == nil)    // another folder
        #expect(targets.unexportedTarget(of: "Guides/Intro.md") == nil)
        #expect(PackageTargets.catalog(of: "./Sources/Tool/Tool.docc/Sub/Page.md") == "Sources/Tool/Tool.docc")
    }

    @Test("a target SwiftPM describes without a folder is at its default one, Sources/Name")
    func defaultFolder() throws {
        let manifest = try PackageManifest(describeJSON: Data(#"{"name": "Pkg", "targets": [{"name": "Internals"}]}"#.utf8))
        #expect(PackageTargets(manifest).unexportedTarget(of: "Sources/Internals/I.docc/I.md") == "Internals")
    }

    @Test("its snippets are skipped with the reason, one warning at the catalog (by ID), other articles untouched")
    func leftOut() throws {
        let markdown = "# Page\n\n```swift\nprint(secret())\n```\n\n```swift\nlet x = 1 // => 1\n```\n"
        func record(_ path: String) throws -> ArticleRecord {
            let article = try parsedArticle(markdown, path: path)
            return ArticleRecord(article: article, snippets: try SnippetExtractor().extract(article).map { SnippetRecord(snippet: $0, facts: BlockFacts()) })
        }
        var records = [try record("/pkg/Sources/Lib/Lib.docc/Lib.md"),
                       try record("/pkg/Sources/Internals/Internals.docc/Internals.md"),
                       try record("/pkg/Sources/Internals/Internals.docc/More.md")]
        let result = UnexportedCatalogs(targets: targets, packageFolder: "/pkg").leaveOut(&records, among: [0, 1, 2])
        #expect(result.leftOut == [1, 2])
        #expect(result.warnings.map(\.id) == [UnexportedCatalogs.id])
        #expect(result.warnings.first?.severity == .warning)
        #expect(result.warnings.first?.location?.path == "/pkg/Sources/Internals/Internals.docc")
        #expect(result.warnings.first?.message.contains("target Internals, which no library product exports") == true)
        #expect(result.warnings.first?.message.contains("4 examples are skipped") == true)
        #expect(records[0].snippets.allSatisfy { $0.run == nil })
        let checked = records[1].snippets.map { CheckedSnippet(snippet: $0.snippet, result: ResultChecker().check($0.snippet, $0.run!)) }
        #expect(checked.allSatisfy { $0.skipped && !$0.failed })
        #expect(checked.map(\.skipReason) == ["target Internals is in no library product", "target Internals is in no library product"])
        let junit = JUnitWriter().xml(for: TestReport(articles: [.init(path: records[1].article.path, snippets: checked)]))
        #expect(junit.contains("<skipped message=\"target Internals is in no library product\"/>"), "\(junit)")
    }

    @Test("without a package, or for an article outside it, nothing is left out")
    func nothingLeftOut() throws {
        let article = try parsedArticle("# A\n\n```swift\nprint(1)\n```\n", path: "/elsewhere/Sources/Internals/I.docc/A.md")
        var records = [ArticleRecord(article: article, snippets: [])]
        #expect(UnexportedCatalogs(targets: targets, packageFolder: "/pkg").leaveOut(&records, among: [0]).leftOut.isEmpty)
        #expect(UnexportedCatalogs(targets: nil, packageFolder: nil).leaveOut(&records, among: [0]).leftOut.isEmpty)
    }
}
