import DocentTestSupport
import Foundation
import Testing

/// Issue 35: Docent is declared Linux only, and a build for any other system stops at `LinuxOnly.swift`'s `#error`,
/// saying so. Type-checked here for macOS with `-parse-stdlib` (no macOS SDK on this machine), and for Linux.
@Suite("Linux only", .tags(.compiler))
struct LinuxOnlyTests {
    private static let file = DocentPackage.root.appendingPathComponent("Sources/DocentMarkdown/LinuxOnly.swift").path

    private func typecheck(_ target: [String]) throws -> (status: Int32, output: String) {
        let run = try ToolRun(["swiftc", "-typecheck", "-parse-stdlib"] + target + [Self.file])
        return (run.status, run.output)
    }

    @Test("a macOS build stops at the file's #error naming Linux; a Linux build passes it")
    func declared() throws {
        let macOS = try typecheck(["-target", "arm64-apple-macosx14.0"])
        #expect(macOS.status != 0)
        #expect(macOS.output.contains("LinuxOnly.swift:5:8: error: Docent runs on Linux only"), "\(macOS.output)")
        let linux = try typecheck([])
        #expect(linux.status == 0, "\(linux.output)")
        let manifest = try String(contentsOf: DocentPackage.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".macOS("), "Package.swift names a macOS version")
    }
}
