import DocentTestSupport
import Foundation
import Testing

/// `--traits`, `--all-traits`, `--testable` and `--import` on a package with traits and internal API (TraitKit:
/// `thank` with its default trait Polite, `shout` with Loud only, `whisper` internal).
@Suite("docent test --package with traits, --testable and --import", .tags(.compiler))
struct PackageChoicesTests {
    private func package() throws -> String {
        let path = FileManager().temporaryDirectory.appendingPathComponent("docent-traits-test-\(UUID().uuidString)").path
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/TraitKit").path
        try FileManager().copyItem(atPath: fixture, toPath: path)
        return path
    }

    /// The names of the failing cases, in order.
    private func failures(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.map { String($0.dropFirst(5)) }
    }

    @Test("default traits; chosen traits and the testable build; every trait; the cache keys on the traits")
    func traitsAndTestable() throws {
        let root = try package()
        defer { try? FileManager().removeItem(atPath: root) }
        let cache = ["DOCENT_CACHE_DIR": "\(root)/.cache"]

        let defaults = try DocentBinary.run(["test", "--content", "Guides", "--package", "."], in: root, environment: cache)
        #expect(defaults.status == 1, "\(defaults.stdout)\(defaults.stderr)")
        #expect(failures(defaults.stdout) == ["Guides/Dates.md:3", "Guides/Internal.md:3", "Guides/Loud.md:3"], "\(defaults.stdout)")
        #expect(defaults.stdout.contains("cannot find 'shout' in scope"))
        // UUID without `import Foundation`: the failure says where UUID comes from and how to import it.
        #expect(defaults.stdout.contains("note: 'UUID' is declared by Foundation, which this example does not import"), "\(defaults.stdout)")

        let chosen = try DocentBinary.run(["test", "--content", "Guides", "--package", ".", "--traits", "Loud", "--testable",
                                           "--import", "Foundation"], in: root, environment: cache)
        #expect(chosen.status == 1, "\(chosen.stdout)\(chosen.stderr)")
        // Naming traits leaves the defaults out, as `swift build --traits` does.
        #expect(failures(chosen.stdout) == ["Guides/Polite.md:3"], "\(chosen.stdout)")

        let all = try DocentBinary.run(["test", "--content", "Guides/Loud.md", "--package", ".", "--all-traits"], in: root, environment: cache)
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
        let both = try DocentBinary.run(["test", "--content", "Guides/Polite.md", "--package", ".", "--traits", "defaults,Loud"],
                                        in: root, environment: cache)
        #expect(both.status == 0, "\(both.stdout)\(both.stderr)")
    }

    @Test("a trait the package lacks is refused with its list; --testable in release says why not; a bad --import is a usage error")
    func refusals() throws {
        let root = try package()
        defer { try? FileManager().removeItem(atPath: root) }
        let cache = ["DOCENT_CACHE_DIR": "\(root)/.cache"]
        let unknown = try DocentBinary.run(["test", "README.md", "--package", ".", "--traits", "Quiet"], in: root, environment: cache)
        #expect(unknown.status == 2, "\(unknown.stdout)\(unknown.stderr)")
        let output = unknown.stdout + unknown.stderr
        #expect(output.contains("Package.swift:1:1: error: the package TraitKit has no trait 'Quiet'"), "\(output)")
        #expect(output.contains("note: its traits: Loud, Polite (default: Polite)"), "\(output)")
        #expect(!output.contains("FAIL"))

        let release = try DocentBinary.run(["test", "README.md", "--package", ".", "--testable", "--configuration", "release"],
                                           in: root, environment: cache)
        #expect(release.status == 2, "\(release.stdout)\(release.stderr)")
        #expect((release.stdout + release.stderr).contains("error: --testable needs a debug build"), "\(release.stdout)\(release.stderr)")

        let badImport = try DocentBinary.run(["test", "README.md", "--import", "Foundation.Data"], in: root, environment: cache)
        #expect(badImport.status == 2, "\(badImport.stdout)\(badImport.stderr)")
        #expect(badImport.stderr.contains("--import takes a module name"), "\(badImport.stderr)")
        let both = try DocentBinary.run(["test", "README.md", "--traits", "Loud", "--all-traits"], in: root, environment: cache)
        #expect(both.stderr.contains("--traits and --all-traits"), "\(both.stderr)")
    }
}
