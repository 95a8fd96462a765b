import DocentTestSupport
import Foundation
import Testing

@Suite("article programs cannot read docent's environment", .tags(.compiler))
struct SandboxBinaryTests {
    @Test("a secret in docent's environment reaches neither the program's environment nor any /proc/*/environ it can read")
    func environmentStaysWithDocent() throws {
        let workspace = try Workspace(fixture: "snippets")
        let content = workspace.path + "/hostile"
        try FileManager().createDirectory(atPath: content, withIntermediateDirectories: true)
        try """
            # Reading secrets

            ```swift
            import Foundation
            var leaked = ProcessInfo.processInfo.environment["DOCENT_TEST_SECRET_TOKEN"] != nil
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
                if let data = FileManager.default.contents(atPath: "/proc/\\(entry)/environ"),
                   String(decoding: data, as: UTF8.self).contains("hunter2") { leaked = true }
            }
            print(leaked) // Prints "false"
            ```
            """.write(toFile: content + "/secrets.md", atomically: true, encoding: .utf8)
        let result = try DocentBinary.run(["test", "--content", "hostile"], in: workspace.path,
                                          environment: ["DOCENT_TEST_SECRET_TOKEN": "hunter2"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"), "\(result.stdout)")
    }
}

@Suite("reports that cannot be forged", .tags(.compiler))
struct UnforgeableReportTests {
    @Test("escape sequences and carriage returns a program prints are shown escaped in docent's report")
    func escapes() throws {
        let workspace = try Workspace(fixture: "snippets")
        let content = workspace.path + "/forged"
        try FileManager().createDirectory(atPath: content, withIntermediateDirectories: true)
        try """
            # Forging

            ```swift
            print("\\u{1B}[2J\\rall good") // Prints "nothing"
            ```
            """.write(toFile: content + "/forged.md", atomically: true, encoding: .utf8)
        let result = try DocentBinary.run(["test", "--content", "forged"], in: workspace.path)
        #expect(result.status == 1)
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\r"))
        #expect(result.stdout.contains(#"\u{1B}[2J\u{D}all good"#), "\(result.stdout)")
    }
}

@Suite("docent clean")
struct CleanCommandTests {
    @Test("removes a site docent made and the cache; refuses a folder it did not make")
    func clean() throws {
        let workspace = try Workspace(fixture: "snippets")
        let cache = workspace.path + "/cache"
        try FileManager().createDirectory(atPath: cache + "/runtime-x", withIntermediateDirectories: true)
        try FileManager().createDirectory(atPath: workspace.path + "/site", withIntermediateDirectories: true)
        try "made by docent".write(toFile: workspace.path + "/site/.docent-site", atomically: true, encoding: .utf8)
        try FileManager().createDirectory(atPath: workspace.path + "/.docent-cache", withIntermediateDirectories: true)
        let result = try DocentBinary.run(["clean"], in: workspace.path, environment: ["DOCENT_CACHE_DIR": cache])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager().fileExists(atPath: workspace.path + "/.docent-cache"))
        #expect(!FileManager().fileExists(atPath: workspace.path + "/site"))
        #expect(!FileManager().fileExists(atPath: cache))

        try FileManager().createDirectory(atPath: workspace.path + "/mine", withIntermediateDirectories: true)
        try "keep".write(toFile: workspace.path + "/mine/notes.txt", atomically: true, encoding: .utf8)
        let refused = try DocentBinary.run(["clean", "--output", "mine"], in: workspace.path, environment: ["DOCENT_CACHE_DIR": cache])
        #expect(refused.status == 2)
        #expect(FileManager().fileExists(atPath: workspace.path + "/mine/notes.txt"))
    }
}

@Suite("an article edited while docent test --update runs", .tags(.compiler))
struct ConcurrentEditTests {
    @Test("ends exactly as the author left it, never mixed with docent's update")
    func editedDuringUpdate() throws {
        let workspace = try Workspace(fixture: "snippets")
        let content = workspace.path + "/slow"
        try FileManager().createDirectory(atPath: content, withIntermediateDirectories: true)
        let article = content + "/slow.md"
        try """
            # Slow

            ```swift
            import Foundation
            Thread.sleep(forTimeInterval: 3)
            print("new")
            ```

            ```output
            old
            ```

            """.write(toFile: article, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DocentBinary.path)
        process.arguments = ["test", "--update", "--content", "slow"]
        process.currentDirectoryURL = URL(fileURLWithPath: workspace.path)
        let temporary = workspace.path + "/tmp"
        try FileManager().createDirectory(atPath: temporary, withIntermediateDirectories: true)
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // The gate: the article's program is running, so docent has read the article; the edit lands during the run.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, !InterruptionTests.programIsRunning(in: temporary) { Thread.sleep(forTimeInterval: 0.05) }
        try #require(InterruptionTests.programIsRunning(in: temporary), "the article's program never started")
        let edited = "# Slow\n\nTwo lines the author\nadded meanwhile.\n\n" + (try String(contentsOfFile: article, encoding: .utf8)).dropFirst(8)
        try edited.write(toFile: article, atomically: true, encoding: .utf8)
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(try String(contentsOfFile: article, encoding: .utf8) == edited)
        #expect(process.terminationStatus == 1, "\(said)")
        #expect(said.contains("slow/slow.md:1:1: error: not updated: the file changed while docent was running"), "\(said)")
    }
}
