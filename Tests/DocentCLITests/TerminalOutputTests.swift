import DocentTestSupport
import Foundation
import Testing

@Suite("What build, test and serve print on the terminal", .tags(.compiler))
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

    @Test("build prints each compiler error of a snippet once, at its place, with the code line and a caret, and the Apple-only module hint")
    func compileErrors() throws {
        let folder = try Self.site("""
        ```swift
        let total: Int = "three"
        let other = undefinedName + 1
        ```

        ```swift
        import UIKit
        ```

        """)
        defer { try? FileManager().removeItem(atPath: folder) }
        let result = try DocentBinary.run(["build", "--no-search"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let expected = """
        content/prose.md:6:18: error: cannot convert value of type 'String' to specified type 'Int'
        let total: Int = "three"
                         ^
        content/prose.md:7:13: error: cannot find 'undefinedName' in scope
        let other = undefinedName + 1
                    ^
        content/prose.md:11:8: error: no such module 'UIKit'
        import UIKit
               ^
          note: UIKit exists only on Apple's platforms and Docent compiles on Linux: mark the block ```swift ignore to show it without compiling it

        """
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        for error in ["cannot convert value", "cannot find 'undefinedName'", "no such module 'UIKit'"] {
            #expect(result.stderr.components(separatedBy: error).count - 1 == 1, "said more than once: \(error)\n\(result.stderr)")
        }
        #expect(!result.stderr.contains("snippet content/prose.md"), "the snippet's place said twice: \(result.stderr)")
    }
}
