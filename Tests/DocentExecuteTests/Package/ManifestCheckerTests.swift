import DocentCore
import Testing
@testable import DocentExecute

/// What the manifest check reads of a block before compiling anything: whether it is a whole manifest, its tools
/// version, and placeholders.
@Suite("Package manifests: what is checked")
struct ManifestCheckerTests {
    private func manifest(_ code: String) -> Snippet {
        var snippet = Snippet(location: SourceLocation(path: "a.md", line: 3), nodeID: 1, mode: .shared,
                              lines: code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                                  Snippet.Line(number: 4 + $0.offset, code: String($0.element), isHidden: false)
                              })
        snippet.listing = .manifest
        return snippet
    }

    @Test("a whole manifest is checked, a fragment is not; the tools version comes from the first line")
    func checkable() {
        #expect(ManifestChecker.isCheckable(manifest("import PackageDescription\nlet package = Package(name: \"A\")")))
        #expect(!ManifestChecker.isCheckable(manifest(".package(url: \"https://x\", from: \"1.0.0\"),")))
        #expect(ManifestChecker.toolsVersion(of: manifest("// swift-tools-version:5.9\nlet package = Package()")) == "5.9")
        #expect(ManifestChecker.toolsVersion(of: manifest("// swift-tools-version: 6.1.2\nlet package = Package()")) == "6.1.2")
        #expect(ManifestChecker.toolsVersion(of: manifest("// swift-tools-version:6\nlet package = Package()")) == "6.0")
        #expect(ManifestChecker.toolsVersion(of: manifest("import PackageDescription")) == "5.9")
    }

    @Test("a placeholder is found with its column; generic clauses and comparisons are not placeholders")
    func placeholders() {
        #expect(ManifestChecker.placeholder(in: "targets: [.executableTarget(name: <command-line-tool>)]")?.column == 35)
        #expect(ManifestChecker.placeholder(in: "name: <your package name>")?.text == "<your package name>")
        #expect(ManifestChecker.placeholder(in: "let x: Array<Int> = []") == nil)
        #expect(ManifestChecker.placeholder(in: "if a <b, c> d {}") == nil)
        #expect(ManifestChecker.placeholder(in: "let y = a < b && c > d") == nil)
    }
}
