import DocentTestSupport
import Foundation
import Testing

@Suite("Ctrl-C and SIGTERM leave nothing behind", .tags(.compiler))
struct InterruptionTests {
    @Test("an interrupted run stops its program, removes its scratch folder, says what it interrupted and exits 130",
          arguments: [SIGINT, SIGTERM])
    func interrupted(signalNumber: Int32) throws {
        let workspace = try Workspace(fixture: "snippets")
        let temporary = workspace.path + "/tmp"
        try FileManager().createDirectory(atPath: workspace.path + "/endless", withIntermediateDirectories: true)
        try FileManager().createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try "time-limit: 120\n".write(toFile: workspace.path + "/endless/site.yml", atomically: true, encoding: .utf8)
        try "# Endless\n\n```swift\nprint(\"spinning\")\nwhile true {}\n```\n"
            .write(toFile: workspace.path + "/endless/endless.md", atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: DocentBinary.path)
        process.arguments = ["test", "--content", "endless"]
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { _, new in new }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the program runs: its scratch folder holds its output file.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !Self.programIsRunning(in: temporary) { Thread.sleep(forTimeInterval: 0.1) }
        #expect(Self.programIsRunning(in: temporary), "the article's program started")
        let sent = Date()
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        // The program would spin for its 120 s limit: stopping within a generous 15 s (a loaded machine's allowance)
        // can only be the interruption's doing, with no tight window on the wall clock of a shared machine.
        #expect(Date().timeIntervalSince(sent) < 15)
        #expect(process.terminationStatus == 130)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("interrupted while running endless/endless.md"), "\(said)")
        #expect(try FileManager().contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix("docent-run-") }.isEmpty)
    }

    /// Whether some `docent-run-*` folder under `folder` holds a program's scratch folder, made as it starts.
    static func programIsRunning(in folder: String) -> Bool {
        let runs = ((try? FileManager().contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("docent-run-") }
        return runs.contains { run in
            ((try? FileManager().contentsOfDirectory(atPath: folder + "/" + run)) ?? []).contains { $0.hasSuffix(".scratch") }
        }
    }
}
