import Foundation
import Testing

/// A DocC catalog whose landing page is `index.md` titled with the module's symbol link (as swift-log's and
/// swift-nio's are) builds and tests: it used to stop both with exit 2 ("this article would replace the home page").
@Suite("DocC catalogs without @TechnologyRoot")
struct CatalogRootBinaryTests {
    @Test("docent build and docent test run a catalog whose root is index.md")
    func indexRoot() throws {
        let root = FileManager().temporaryDirectory.appendingPathComponent("docent-catalog-root-\(UUID().uuidString)").path
        let catalog = "\(root)/Sources/Logging/Docs.docc"
        try FileManager().createDirectory(atPath: catalog, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: root) }
        try "# ``Logging``\n\nA logging API.\n\n## Topics\n\n- <doc:Usage>\n".write(toFile: "\(catalog)/index.md", atomically: true, encoding: .utf8)
        try "# Usage\n\nCall the logger.\n".write(toFile: "\(catalog)/Usage.md", atomically: true, encoding: .utf8)

        let build = try DocentBinary.run(["build", "--content", "Sources/Logging/Docs.docc", "--output", "site"], in: root)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let home = try String(contentsOfFile: "\(root)/site/index.html", encoding: .utf8)
        #expect(home.contains("<title>Logging</title>"), "\(home.prefix(400))")
        #expect(home.contains("href=\"Usage/\""), "the root's Topics link to the article")
        #expect(FileManager().fileExists(atPath: "\(root)/site/Usage/index.html"))

        let test = try DocentBinary.run(["test", "--content", "Sources/Logging/Docs.docc"], in: root)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(!(test.stdout + test.stderr).contains("would replace the home page"))
    }
}
