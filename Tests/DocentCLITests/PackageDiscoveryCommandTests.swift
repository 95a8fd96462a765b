import DocentTestSupport
import Foundation
import Testing

/// Issue 33: `docent test --package .` with no content option checks every documentation set of the package, as a
/// new user would run it, and says what it found and how many examples each set has.
@Suite("docent test --package . finds the documentation", .tags(.compiler))
struct PackageDiscoveryCommandTests {
    private func package() throws -> String {
        let path = FileManager().temporaryDirectory.appendingPathComponent("docent-discovery-\(UUID().uuidString)").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ShapesKit").path
        try FileManager().copyItem(atPath: fixture, toPath: path)
        try FileManager().createDirectory(atPath: "\(path)/Snippets", withIntermediateDirectories: true)
        try "import Shapes\n// snippet.hide\nlet origin = Point(x: 0, y: 0)\n// snippet.show\nprint(\"ready\")\n"
            .write(toFile: "\(path)/Snippets/Origin.swift", atomically: true, encoding: .utf8)
        try "import Shapes\n\nlet wrong: Int = \"x\"\n".write(toFile: "\(path)/Snippets/Broken.swift", atomically: true, encoding: .utf8)
        let catalog = "\(path)/Sources/Shapes/Shapes.docc/Shapes.md"
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        try (text + "\n@Snippet(path: \"ShapesKit/Snippets/Origin\")\n").write(toFile: catalog, atomically: true, encoding: .utf8)
        return path
    }

    @Test("README, Guides, the catalog and Snippets are found and counted; a snippet's compile error is at its file's line")
    func everySet() throws {
        let root = try package()
        defer { try? FileManager().removeItem(atPath: root) }
        let run = try DocentBinary.run(["test", "--package", ".", "--junit", "junit.xml"], in: root)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Checking the documentation of .: README.md, Guides/, Sources/Shapes/Shapes.docc, Snippets/ (4 sets)"),
                "\(run.stdout)")
        #expect(run.stdout.contains("  README.md: 2 examples, 2 passed, 0 failed\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  Guides/: 6 examples, 4 passed, 0 failed, 2 skipped\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  Sources/Shapes/Shapes.docc: 1 example, 1 passed, 0 failed\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  Snippets/: 2 programs, 1 passed, 1 failed\n"), "\(run.stdout)")
        #expect(run.stdout.contains("FAIL Snippets/Broken.swift\n"), "\(run.stdout)")
        #expect(run.stdout.contains("Snippets/Broken.swift:3:18: error:"), "\(run.stdout)")
        let junit = try String(contentsOfFile: "\(root)/junit.xml", encoding: .utf8)
        #expect(junit.contains("name=\"Snippets/Origin.swift\""), "\(junit)")

        // Again: the package's build comes from the cache (the JUnit file written in the package is not its source),
        // and the console says so.
        let again = try DocentBinary.run(["test", "--package", ".", "--junit", "junit.xml"], in: root)
        #expect(again.status == 1, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("Package ShapesKit: build reused from the cache"), "\(again.stdout)")

        // --update rewrites a snippet's stale values in its own .swift file, a hidden one at the file's columns too.
        let sum = "import Shapes\n// snippet.hide\nlet one = 1 // => 0\n// snippet.show\nlet sum = one + 1 // => 3\n"
        try sum.write(toFile: "\(root)/Snippets/Sum.swift", atomically: true, encoding: .utf8)
        let update = try DocentBinary.run(["test", "--package", ".", "--update", "--filter", "Snippets/Sum.swift"], in: root)
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        #expect(update.stdout.contains("Snippets/Sum.swift (2 expectations)"), "\(update.stdout)")
        #expect(try String(contentsOfFile: "\(root)/Snippets/Sum.swift", encoding: .utf8)
                == sum.replacingOccurrences(of: "// => 0", with: "// => 1").replacingOccurrences(of: "// => 3", with: "// => 2"))

        // One site: the README is the home page; the catalog's page shows the snippet @Snippet names, its hidden
        // lines left out and its checked output in.
        let site = try DocentBinary.run(["build", "--package", ".", "--no-search", "--output", "site"], in: root)
        #expect(site.status == 1, "\(site.stdout)\(site.stderr)")  // Broken.swift still fails; the site is written
        let home = try String(contentsOfFile: "\(root)/site/index.html", encoding: .utf8)
        #expect(home.contains("ShapesKit"), "\(home.prefix(400))")
        let page = try String(contentsOfFile: "\(root)/site/Sources/Shapes/Shapes.docc/Shapes/index.html", encoding: .utf8)
        #expect(page.contains("ready"), "the snippet's output is not on the catalog's page")
        #expect(page.contains("print"), "the snippet's code is not on the catalog's page")
        #expect(!page.contains("snippet.hide") && !page.contains("origin = "), "a hidden line is shown")
        #expect(!site.stdout.contains("@Snippet"), "\(site.stdout)")
    }

    @Test("a folder without Package.swift: exit 2 and an error naming the manifest looked for")
    func noPackage() throws {
        let root = FileManager().temporaryDirectory.appendingPathComponent("docent-nopackage-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: root) }
        let run = try DocentBinary.run(["test", "--package", "."], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("not a Swift package: looked for Package.swift"), "\(run.stderr)")
    }
}
