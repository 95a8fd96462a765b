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
        let result = try DocentBinary.run(["clean"], in: workspace.path, environment: ["DOCENT_CACHE_DIR": cache])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager().fileExists(atPath: workspace.path + "/site"))
        #expect(!FileManager().fileExists(atPath: cache))

        try FileManager().createDirectory(atPath: workspace.path + "/mine", withIntermediateDirectories: true)
        try "keep".write(toFile: workspace.path + "/mine/notes.txt", atomically: true, encoding: .utf8)
        let refused = try DocentBinary.run(["clean", "--output", "mine"], in: workspace.path, environment: ["DOCENT_CACHE_DIR": cache])
        #expect(refused.status == 2)
        #expect(FileManager().fileExists(atPath: workspace.path + "/mine/notes.txt"))
    }
}
