import Foundation
import Testing

/// `docent serve` survives whatever an author (or a hostile contributor's branch) saves: each bad file is a
/// located error over the last good site, the server keeps answering, and a good save brings the page back.
@Suite("docent serve, hostile saves", .serialized)
struct ServeHostileSaveTests {
    private static let head = "---\ntitle: Live\ndate: 2026-01-01\n---\n"

    /// What each save holds, and what the error at it must say (`nil`: any text with the file's location, or none
    /// when the file is valid however odd).
    private static let saves: [(name: String, bytes: Data, error: String?)] = [
        ("100,000 levels of block quote", Data((head + String(repeating: ">", count: 100_000) + " deep\n").utf8),
         "content/live.md:5:10001: error: Markdown nested more than 10000 levels deep"),
        ("a list nested 3,000 deep", Data((head + String(repeating: "- ", count: 3000) + "deep\n").utf8), nil),
        ("invalid UTF-8 with a NUL", Data(head.utf8) + Data([0x62, 0x61, 0x64, 0x20, 0xFF, 0xFE, 0x00, 0x0A]),
         "content/live.md:5:5: error: file is not valid UTF-8"),
        ("an array literal nested 3,000 deep",
         Data((head + "```swift\nlet x = " + String(repeating: "[", count: 3000) + "1" + String(repeating: "]", count: 3000)
               + "\n```\n").utf8),
         "content/live.md:6:19: error: `[` nested more than 10 deep"),
        ("a file of 20 MB of one line", Data((head + String(repeating: "word ", count: 4_000_000) + "\n").utf8), nil),
    ]

    @Test func everyHostileSaveIsALocatedErrorAndTheServerKeepsServing() throws {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-serve-hostile-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        let path = folder + "/content/live.md"
        try (Self.head + "Good prose.\n").write(toFile: path, atomically: true, encoding: .utf8)

        let server = try ServeProcess(["serve", "--port", "0", "--no-search"], in: folder)
        guard let port = server.servingPort() else { return }
        #expect(RawHTTP.get(port, "/live/").contains("Good prose."))

        // A build ends with "Built N pages …" or "The build failed; …".
        func builds() -> Int {
            server.stdout.components(separatedBy: "Built ").count + server.stdout.components(separatedBy: "The build failed").count
        }
        var seen = builds()
        /// A response's body, without the headers (their `Date` changes).
        func body(_ response: String) -> String { response.components(separatedBy: "\r\n\r\n").dropFirst().joined() }
        for save in Self.saves {
            let before = body(RawHTTP.get(port, "/live/"))
            try save.bytes.write(to: URL(fileURLWithPath: path))
            // Each save is rebuilt (a new "Built" line) and judged; the server answers throughout.
            let rebuilt = waitFor(120) { builds() > seen }
            #expect(rebuilt != nil, "\(save.name): never rebuilt: \(server.stdout.suffix(2000)) \(server.stderr.suffix(2000))")
            seen = builds()
            #expect(server.process.isRunning, "\(save.name): the server died")
            let status = RawHTTP.get(port, "/__docent/status").replacingOccurrences(of: "\\/", with: "/")
            if let error = save.error {
                #expect(status.contains(error), "\(save.name): \(status.suffix(1000))")
                #expect(body(RawHTTP.get(port, "/live/")) == before, "\(save.name): the last good page is still served")
            } else {
                #expect(status.contains("\"errors\":[]"), "\(save.name): \(status.suffix(1000))")
            }
            #expect(RawHTTP.get(port, "/").hasPrefix("HTTP/1.1 200"), "\(save.name)")
        }

        try (Self.head + "Good again.\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(waitFor(120) { RawHTTP.get(port, "/live/").contains("Good again.") } != nil)
        #expect(RawHTTP.get(port, "/__docent/status").contains("\"errors\":[]"))
        kill(server.process.processIdentifier, SIGINT)
        #expect(waitFor(15) { !server.process.isRunning } != nil)
    }
}
