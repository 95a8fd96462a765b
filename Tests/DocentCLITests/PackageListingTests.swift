import DocentTestSupport
import Foundation
import Testing

/// With `--package`, declaration listings are checked against the package's public API (its symbol graphs): a
/// listing of what the package has is skipped as declarations only; one that has drifted fails at the name, with
/// the package's closest name; a "listing" with a statement is compiled, and fails as code.
@Suite("docent test --package checks declaration listings", .tags(.compiler))
struct PackageListingTests {
    @Test("drifted listings fail naming the closest declaration; true ones are skipped; a listing with a statement compiles")
    func listings() throws {
        let root = FileManager().temporaryDirectory.appendingPathComponent("docent-listing-test-\(UUID().uuidString)").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/TraitKit").path
        try FileManager().copyItem(atPath: fixture, toPath: root)
        defer { try? FileManager().removeItem(atPath: root) }
        let result = try DocentBinary.run(["test", "--content", "Design", "--package", "."], in: root,
                                          environment: ["DOCENT_CACHE_DIR": "\(root)/.cache"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("0 passed, 2 failed, 1 skipped (1 declarations only)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Design/API.md:14:6: error: the package has no 'greeting(for:)': the closest it has is 'greet(_:)'"),
                "\(result.stdout)")
        #expect(result.stdout.contains("Design/API.md:20:6: error: expected '{' in body of function declaration"), "\(result.stdout)")

        // Without a package there is nothing to check against: the listings are skipped.
        let alone = try DocentBinary.run(["test", "--content", "Design"], in: root, environment: ["DOCENT_CACHE_DIR": "\(root)/.cache"])
        #expect(alone.stdout.contains("2 skipped (2 declarations only)"), "\(alone.stdout)")
    }
}
