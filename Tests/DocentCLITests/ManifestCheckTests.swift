import DocentTestSupport
import Foundation
import Testing

/// Package manifests in articles are type-checked against the toolchain's PackageDescription (in the sandbox), not
/// compiled as programs: a good one passes; a placeholder, an argument PackageDescription lacks and a syntax error
/// each fail at their line; a fragment stays skipped.
@Suite("Package manifests checked against PackageDescription", .tags(.compiler))
struct ManifestCheckTests {
    @Test("one manifest passes; a placeholder, a wrong label and a syntax error fail where they are; a fragment is skipped")
    func manifests() throws {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-manifests-\(UUID().uuidString)").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/manifests").path
        try FileManager().copyItem(atPath: fixture, toPath: folder)
        defer { try? FileManager().removeItem(atPath: folder) }
        let result = try DocentBinary.run(["test", "README.md", "--no-cache"], in: folder, environment: ["DOCENT_CACHE_DIR": "\(folder)/.cache"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("1 passed, 3 failed, 1 skipped (1 package manifest)\n"), "\(result.stdout)")
        let errors = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  README.md:") && $0.contains(": error: ") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(errors == ["README.md:24:39:", "README.md:36:32:", "README.md:46:17:"], "\(result.stdout)")
        #expect(result.stdout.contains("error: <command-line-tool> is a placeholder, not Swift"))
        #expect(result.stdout.contains("incorrect argument label in call (have 'nme:', expected 'name:')"))
        #expect(!result.stdout.contains("cannot find 'Package' in scope"))
    }
}
