import DocentTestSupport
import Foundation
import Testing

/// Time docent itself was stopped (Ctrl-Z, SIGSTOP, a suspended laptop) is not charged to a program: one that
/// finished while docent was stopped finished in time.
@Suite(.serialized, .tags(.compiler))
struct StoppedDocentTests {
    @Test func aProgramThatEndedWhileDocentWasStoppedPasses() throws {
        let workspace = try Workspace(fixture: "good", templates: false)
        let temporary = workspace.path + "/tmp"
        try FileManager().createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try "title: Stopped\ntime-limit: 5\n".write(toFile: workspace.path + "/content/site.yml", atomically: true, encoding: .utf8)
        // The program says it started by renaming itself (its name in `/proc` is seen from outside the sandbox), past
        // its snippet's boundary, where it waits for docent; then it sleeps 2 s and ends: well inside its 5 s limit,
        // whatever the machine's load.
        try """
            ---
            title: Sleeper
            date: 2026-01-01
            ---
            ```swift
            import Foundation
            FileHandle.standardOutput.write(Data("started\\n".utf8))
            FileHandle(forWritingAtPath: "/proc/self/comm")?.write(Data("\(Self.startedName)".utf8))
            Thread.sleep(forTimeInterval: 2)
            print("done")
            ```

            ```output
            started
            done
            ```

            """.write(toFile: workspace.path + "/content/sleeper.md", atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: DocentBinary.path)
        process.arguments = ["test", "--content", "content"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { _, new in new }
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()

        let started = waitFor(300) { Self.programStarted(under: temporary) || !process.isRunning }
        #expect(started != nil && process.isRunning, "the program never started")
        // Docent stopped for 8 s, longer than the program's limit; the program goes on and ends meanwhile.
        kill(process.processIdentifier, SIGSTOP)
        Thread.sleep(forTimeInterval: 8)
        kill(process.processIdentifier, SIGCONT)
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("1 passed, 0 failed"), "\(output)")
    }

    /// The name the program takes once it started.
    static let startedName = "sleeper-started"

    /// Whether a process took the name the program takes once it started (and was run from under `folder`: its
    /// command line names its executable there).
    private static func programStarted(under folder: String) -> Bool {
        let files = FileManager()
        for entry in (try? files.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
            guard let name = files.contents(atPath: "/proc/\(entry)/comm"),
                  String(decoding: name, as: UTF8.self).hasPrefix(startedName),
                  let command = files.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            if String(decoding: command, as: UTF8.self).contains(folder) { return true }
        }
        return false
    }
}
