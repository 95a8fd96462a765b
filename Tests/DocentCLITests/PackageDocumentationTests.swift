import DocentTestSupport
import Foundation
import Testing

/// A Swift package's own documentation (README, Guides, a `.docc` catalog) verified against the package, as its
/// author would run it: `docent test … --package .` in the package's folder.
@Suite("docent test --package, run as a package author would", .tags(.compiler))
struct PackageDocumentationTests {
    /// A copy of the ShapesKit fixture (two library products, one over a C target, one over swift-algorithms).
    private func package() throws -> String {
        let path = FileManager().temporaryDirectory.appendingPathComponent("docent-package-test-\(UUID().uuidString)").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ShapesKit").path
        try FileManager().copyItem(atPath: fixture, toPath: path)
        return path
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager().createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                          withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("README, Guides and the catalog verify against the package; its code changes re-run them; prose does not; a broken package is one located error")
    func packageDocumentation() throws {
        let root = try package()
        defer { try? FileManager().removeItem(atPath: root) }
        let emitted = "\(root)/.emitted"

        // The guides use both products without `import`; the API listings are skipped as declarations only.
        let guides = try DocentBinary.run(["test", "--content", "Guides", "--package", "."], in: root)
        #expect(guides.status == 0, "\(guides.stdout)\(guides.stderr)")
        #expect(guides.stdout.hasSuffix("4 passed, 0 failed, 2 skipped (2 declarations only)\n"), "\(guides.stdout)")

        let catalog = try DocentBinary.run(["test", "--content", "Sources/Shapes/Shapes.docc", "--package", "."], in: root)
        #expect(catalog.status == 0, "\(catalog.stdout)\(catalog.stderr)")
        #expect(catalog.stdout.hasSuffix("1 passed, 0 failed\n"), "\(catalog.stdout)")

        let readme = try DocentBinary.run(["test", "README.md", "--package", ".", "--emit-programs", emitted], in: root)
        #expect(readme.status == 0, "\(readme.stdout)\(readme.stderr)")
        #expect(readme.stdout.hasSuffix("2 passed, 0 failed\n"), "\(readme.stdout)")

        // Prose edited, in the README and in a guide: the package is unchanged, so nothing is compiled again.
        try FileManager().removeItem(atPath: emitted)
        let readmeText = try String(contentsOfFile: "\(root)/README.md", encoding: .utf8)
        try write(readmeText.replacingOccurrences(of: "Points and polygons", with: "Points, and polygons"), to: "\(root)/README.md")
        let prose = try DocentBinary.run(["test", "README.md", "--package", ".", "--emit-programs", emitted], in: root)
        #expect(prose.status == 0, "\(prose.stdout)\(prose.stderr)")
        #expect(!FileManager().fileExists(atPath: emitted), "a prose edit compiled a program")

        // The package's code changes what the README's example prints: the example runs again and fails.
        let point = "\(root)/Sources/Shapes/Point.swift"
        let pointText = try String(contentsOfFile: point, encoding: .utf8)
        try write(pointText.replacingOccurrences(of: "cshapes_hypotenuse(x, y)", with: "cshapes_hypotenuse(x, y) * 2"), to: point)
        let changed = try DocentBinary.run(["test", "README.md", "--package", "."], in: root)
        #expect(changed.status == 1, "\(changed.stdout)\(changed.stderr)")
        #expect(changed.stdout.contains("README.md:8"), "\(changed.stdout)")
        #expect(changed.stdout.contains("actual:   10.0"), "\(changed.stdout)")

        // A package that does not build: one error, at the package's own line, exit 2, no snippet failures.
        try write(pointText.replacingOccurrences(of: "cshapes_hypotenuse(x, y)", with: "cshapes_hypotenuse(x, \"y\")"), to: point)
        let broken = try DocentBinary.run(["test", "README.md", "--package", "."], in: root)
        #expect(broken.status == 2, "\(broken.stdout)\(broken.stderr)")
        let errors = (broken.stdout + broken.stderr).split(separator: "\n").filter { $0.contains("error:") && !$0.hasPrefix("  note:") }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("Sources/Shapes/Point.swift:14:") == true, "\(errors)")
        #expect(errors.first?.contains("the package does not build") == true, "\(errors)")
        #expect(!broken.stdout.contains("FAIL"))
    }

    @Test("imports: names what articles import, replacing the package's modules; a module that does not exist is an error at its line")
    func explicitImports() throws {
        let root = try package()
        defer { try? FileManager().removeItem(atPath: root) }
        try write("""
            ---
            title: Only shapes
            date: 2026-01-31
            imports: [Shapes]
            ---

            ```swift
            print(Point(x: 3, y: 4).length)
            // Prints "5.0"
            ```

            ```swift
            print([1, 1].runs())
            ```
            """, to: "\(root)/Docs/only-shapes.md")
        let result = try DocentBinary.run(["test", "--content", "Docs", "--package", "."], in: root)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Docs/only-shapes.md:13:"), "\(result.stdout)")
        #expect(result.stdout.contains("has no member 'runs'"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"), "\(result.stdout)")

        try write("""
            ---
            title: A module that is not there
            date: 2026-01-31
            imports: [Shapes, Nowhere]
            ---

            ```swift
            print(Point(x: 3, y: 4).length)
            ```
            """, to: "\(root)/Docs/only-shapes.md")
        let missing = try DocentBinary.run(["test", "--content", "Docs", "--package", "."], in: root)
        #expect(missing.status != 0)
        #expect((missing.stdout + missing.stderr).contains("Docs/only-shapes.md:4:"), "\(missing.stdout)\(missing.stderr)")
        #expect((missing.stdout + missing.stderr).contains("Nowhere"), "\(missing.stdout)\(missing.stderr)")
    }

    @Test("--package on a folder without Package.swift is a usage error")
    func notAPackage() throws {
        let root = try package()
        defer { try? FileManager().removeItem(atPath: root) }
        let result = try DocentBinary.run(["test", "--content", "Guides", "--package", "Guides"], in: root)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("Package.swift"), "\(result.stderr)")
    }

    @Test("the package's manifest runs in the sandbox: it cannot write beside the package or read the host's files")
    func manifestIsContained() throws {
        let root = FileManager().temporaryDirectory.appendingPathComponent("docent-hostile-\(UUID().uuidString)").path
        defer { try? FileManager().removeItem(atPath: root) }
        let package = "\(root)/Hostile"
        try write("a secret of the host", to: "\(root)/secret.txt")
        try write("""
            // swift-tools-version:5.9
            import PackageDescription
            import Foundation

            // Code from the same pull request as the docs: it tries to leave marks on the host and read a secret.
            for mark in ["\(root)/from-manifest", "\(package)/from-manifest"] {
                FileManager.default.createFile(atPath: mark, contents: Data("escaped".utf8))
            }
            let secret = (try? String(contentsOfFile: "\(root)/secret.txt", encoding: .utf8)) ?? ""
            let package = Package(
                name: "Hostile",
                products: [.library(name: "Hostile", targets: ["Hostile"])],
                targets: [.target(name: "Hostile", swiftSettings: secret.isEmpty ? [] : [.define("SECRET_READ")])]
            )
            """, to: "\(package)/Package.swift")
        try write("""
            #if SECRET_READ
            public func manifestReadTheSecret() -> Bool { true }
            #else
            public func manifestReadTheSecret() -> Bool { false }
            #endif
            """, to: "\(package)/Sources/Hostile/Hostile.swift")
        // The article program finds the package's library through its own memory map and tries to change it.
        try write("""
            # Hostile

            ```swift
            print(manifestReadTheSecret())
            // Prints "false"
            ```

            ```swift
            import Foundation

            _ = manifestReadTheSecret()   // so the program links the package's library
            let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/self/maps")!.readDataToEndOfFile(), as: UTF8.self)
            let library = maps.split(separator: "\\n").compactMap { $0.split(separator: " ").last.map(String.init) }
                .first { $0.hasSuffix("libDocentPackageLink.so") } ?? "not mapped"
            print(library.hasPrefix("/"), FileManager.default.isWritableFile(atPath: library),
                  FileManager.default.createFile(atPath: library + ".planted", contents: nil))
            // Prints "true false false"
            ```
            """, to: "\(package)/README.md")
        let result = try DocentBinary.run(["test", "README.md", "--package", "."], in: package)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"), "\(result.stdout)")
        #expect(!FileManager().fileExists(atPath: "\(root)/from-manifest"))
        #expect(!FileManager().fileExists(atPath: "\(package)/from-manifest"))
    }
}
