import Foundation
import Testing

@Suite("What build, test and serve print on the terminal")
struct TerminalOutputTests {
    /// A content folder of one article (prose only unless `body` says more), in a temporary folder.
    private static func site(_ body: String = "Words.\n") throws -> String {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-terminal-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        try ("---\ntitle: Prose\ndate: 2026-01-01\n---\n" + body).write(toFile: folder + "/content/prose.md", atomically: true, encoding: .utf8)
        return folder
    }

    @Test("build and test print the pipeline's step lines only with --verbose", arguments: [
        (["build", "--no-search"], ["Load", "Parse", "Extract", "Execute", "Check", "Weave", "Render", "Write"]),
        (["test"], ["Load", "Parse", "Extract", "Execute", "Check"]),
    ])
    func stepLines(command: [String], steps: [String]) throws {
        let folder = try Self.site()
        defer { try? FileManager().removeItem(atPath: folder) }
        let quiet = try DocentBinary.run(command, in: folder)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(!quiet.stderr.contains("] Load"), "\(quiet.stderr)")
        let verbose = try DocentBinary.run(command + ["--verbose"], in: folder)
        #expect(verbose.status == 0, "\(verbose.stderr)")
        let lines = verbose.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.map(String.init)
        #expect(lines == steps.enumerated().map { "[\($0.offset + 1)/\(steps.count)] \($0.element)" }, "\(verbose.stderr)")
    }

    @Test("a cold cache says while Docent's runtime compiles, once; a warm one says nothing")
    func runtimeNotice() throws {
        let folder = try Self.site("```swift\nprint(1 + 1)\n```\n")
        defer { try? FileManager().removeItem(atPath: folder) }
        let cold = ["DOCENT_CACHE_DIR": folder + "/tool-cache"]
        let first = try DocentBinary.run(["test", "--no-cache"], in: folder, environment: cold)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.components(separatedBy: "Compiling Docent's runtime (once per toolchain)…").count - 1 == 1, "\(first.stdout)")
        let second = try DocentBinary.run(["test", "--no-cache"], in: folder, environment: cold)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stdout.contains("Compiling Docent's runtime"), "\(second.stdout)")
    }
}
