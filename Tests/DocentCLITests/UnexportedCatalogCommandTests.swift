import Foundation
import DocentTestSupport
import Testing

/// Issue 33: `docent test --package .` on a package whose catalog documents a target no library product holds (here
/// the internal target of an executable): that catalog's examples are skipped, not failed, with a warning at the
/// catalog saying why and what to do; the library's own catalog is checked as before.
@Suite("docent test --package . skips a catalog of an unexported target", .tags(.compiler))
struct UnexportedCatalogCommandTests {
    private static let files = [
        "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Hidden",
                products: [.library(name: "Greeting", targets: ["Greeting"]), .executable(name: "tool", targets: ["Tool"])],
                targets: [
                    .target(name: "Greeting"),
                    .target(name: "Internals"),
                    .executableTarget(name: "Tool", dependencies: ["Internals"]),
                ]
            )
            """,
        "Sources/Greeting/Greeting.swift": "public func greet(_ name: String) -> String { \"Hello, \\(name)!\" }\n",
        "Sources/Greeting/Greeting.docc/Greeting.md": "# ``Greeting``\n\n```swift\nprint(greet(\"Ada\"))\n// Prints \"Hello, Ada!\"\n```\n",
        "Sources/Internals/Secret.swift": "public func secret() -> Int { 42 }\n",
        "Sources/Internals/Internals.docc/Internals.md":
            "# ``Internals``\n\n```swift\nimport Internals\nprint(secret())\n// Prints \"42\"\n```\n\n```swift\nlet x = secret() // => 42\n```\n",
        "Sources/Tool/main.swift": "import Internals\nprint(secret())\n",
    ]

    private func package() throws -> String {
        let root = FileManager().temporaryDirectory.appendingPathComponent("docent-unexported-\(UUID().uuidString)").path
        for (path, text) in Self.files {
            let file = "\(root)/\(path)"
            try FileManager().createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("the unexported target's catalog: 2 skipped with the reason in JUnit and a warning at the catalog; exit 0")
    func skipped() throws {
        let root = try package()
        defer { try? FileManager().removeItem(atPath: root) }
        let run = try DocentBinary.run(["test", "--package", ".", "--junit", "junit.xml"], in: root)
        let all = run.stdout + run.stderr
        #expect(run.status == 0, "\(all)")
        #expect(run.stdout.contains("  Sources/Greeting/Greeting.docc: 1 example, 1 passed, 0 failed\n"), "\(all)")
        #expect(run.stdout.contains("  Sources/Internals/Internals.docc: 2 examples, 0 passed, 0 failed, 2 skipped\n"), "\(all)")
        #expect(all.contains("Sources/Internals/Internals.docc:1:1: warning: this catalog is documentation for target Internals, "
                             + "which no library product exports; its examples cannot import it, so its 2 examples are skipped"), "\(all)")
        #expect(all.contains(".library(name: \"Internals\", targets: [\"Internals\"])"), "\(all)")
        let junit = try String(contentsOfFile: "\(root)/junit.xml", encoding: .utf8)
        #expect(junit.components(separatedBy: "<skipped message=\"target Internals is in no library product\"/>").count == 3, "\(junit)")

        // The catalog named as the content is left out the same way.
        let alone = try DocentBinary.run(["test", "--content", "Sources/Internals/Internals.docc", "--package", "."], in: root)
        #expect(alone.status == 0, "\(alone.stdout)\(alone.stderr)")
        #expect(alone.stdout.contains("0 passed, 0 failed, 2 skipped"), "\(alone.stdout)\(alone.stderr)")
    }
}
