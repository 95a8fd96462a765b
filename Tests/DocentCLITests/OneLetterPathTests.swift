import DocentTestSupport
import Foundation
import Testing

/// Issue 20, finding 10: `docent build --content s` died with SIGILL inside Foundation's
/// `NSString.deletingLastPathComponent`. Every path argument of every subcommand, given one-character names.
@Suite("One-character path arguments", .tags(.compiler))
struct OneLetterPathTests {
    @Test("init, theme eject, new, build, test and clean all accept one-letter folders and files")
    func oneLetterPaths() throws {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-cli-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder + "/c", withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        try Data("---\ntitle: A\ndate: 2026-01-02\n---\n\nText.\n".utf8).write(to: URL(fileURLWithPath: folder + "/c/a.md"))

        let runs: [[String]] = [
            ["init", "i"],
            ["theme", "eject", "t"],
            ["new", "B", "--content", "c"],
            ["build", "--content", "c", "--output", "o", "--templates", "t", "--cache", "k", "--jobs", "1", "--emit-programs", "e"],
            ["build", "--content", "c", "--output", "p"],
            ["test", "--content", "c", "--junit", "j", "--cache", "k"],
            ["clean", "--output", "o", "--content", "c", "--cache", "k"],
        ]
        for arguments in runs {
            // A cache folder of its own: `clean` removes the module cache, which the other suites are using.
            let result = try DocentBinary.run(arguments, in: folder, environment: ["DOCENT_CACHE_DIR": folder + "/modules"])
            #expect(result.status == 0, "docent \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        let made = Set(try FileManager().contentsOfDirectory(atPath: folder))
        #expect(made.isSuperset(of: ["i", "t", "c", "p", "j"]), "\(made.sorted())")
        #expect(FileManager().fileExists(atPath: folder + "/p/a/index.html"))
        #expect(!FileManager().fileExists(atPath: folder + "/o"), "clean removes the site")
    }
}
