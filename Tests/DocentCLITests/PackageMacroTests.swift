import DocentTestSupport
import Foundation
import Testing

/// A package with a macro target: its macros expand in article programs, in the sandbox. (SwiftPM passes a macro
/// plugin as `-Xfrontend -load-plugin-executable -Xfrontend <tool>#<Module>`; the flag used to lose its value, and
/// every example of such a package failed.)
@Suite("docent test --package with macros", .tags(.compiler))
struct PackageMacroTests {
    /// A copy of the MacroKit fixture (a `#double` macro whose plugin needs no swift-syntax).
    private func package() throws -> String {
        let path = FileManager().temporaryDirectory.appendingPathComponent("docent-macro-test-\(UUID().uuidString)").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/MacroKit").path
        try FileManager().copyItem(atPath: fixture, toPath: path)
        return path
    }

    @Test("the package's macro expands in an example, and a wrong expectation about its expansion fails")
    func macroExpands() throws {
        let root = try package()
        defer { try? FileManager().removeItem(atPath: root) }
        let cache = ["DOCENT_CACHE_DIR": "\(root)/.cache"]
        let readme = try DocentBinary.run(["test", "README.md", "--package", "."], in: root, environment: cache)
        #expect(readme.status == 0, "\(readme.stdout)\(readme.stderr)")
        #expect(readme.stdout.hasSuffix("1 passed, 0 failed\n"), "\(readme.stdout)")

        // The value comes from the expansion: expect another and the example fails with the macro's answer.
        let text = try String(contentsOfFile: "\(root)/README.md", encoding: .utf8)
        try text.replacingOccurrences(of: "// => 42", with: "// => 43").write(toFile: "\(root)/README.md", atomically: true, encoding: .utf8)
        let wrong = try DocentBinary.run(["test", "README.md", "--package", "."], in: root, environment: cache)
        #expect(wrong.status == 1, "\(wrong.stdout)\(wrong.stderr)")
        #expect(wrong.stdout.contains("README.md:6"), "\(wrong.stdout)")
        #expect(wrong.stdout.contains("42"), "\(wrong.stdout)")
        #expect(!wrong.stdout.contains("-load-plugin-executable"), "\(wrong.stdout)")
    }
}
