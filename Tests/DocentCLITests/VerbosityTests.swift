import Foundation
import Testing

@Suite("--verbose")
struct VerbosityTests {
    /// A content folder of one prose article, in a temporary folder.
    private static func site() throws -> String {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-verbose-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        try "---\ntitle: Prose\ndate: 2026-01-01\n---\nWords.\n".write(toFile: folder + "/content/prose.md", atomically: true, encoding: .utf8)
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
}
