import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// `cannot find 'UUID' in scope` says which module the toolchain ships declares the name, and how to import it; the
/// list of such names is checked against the real toolchain.
@Suite("Names the toolchain's modules declare")
struct ToolchainDeclarationsTests {
    @Test("a failure to find a name a module declares names the module and the ways to import it; other names get no note")
    func hints() {
        let note = ToolchainDeclarations.hint(for: "cannot find 'UUID' in scope")
        #expect(note?.hasPrefix("'UUID' is declared by Foundation, which this example does not import: add `import Foundation`") == true)
        #expect(note?.contains("--import Foundation") == true)
        #expect(ToolchainDeclarations.hint(for: "cannot find type 'URL' in scope")?.contains("by Foundation") == true)
        #expect(ToolchainDeclarations.hint(for: "cannot find 'URLSession' in scope")?.contains("by FoundationNetworking") == true)
        #expect(ToolchainDeclarations.hint(for: "cannot find 'deque' in scope") == nil)
        #expect(ToolchainDeclarations.hint(for: "cannot find 'UUID' in scope, did you mean") == nil)
        // Reported with the diagnostic, as a note.
        #expect(DiagnosticExcerpt.hint(for: "cannot find type 'Data' in scope")?.contains("import Foundation") == true)
    }

    @Test("every listed name is unknown without its module and known with it, as this toolchain compiles", .tags(.compiler))
    func listMatchesTheToolchain() throws {
        let environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        let swiftc = try #require(environment.swiftc)
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-declarations-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        /// What `swiftc -typecheck` says of a file referring to every name.
        func messages(_ module: String?, _ names: [String]) throws -> String {
            let file = "\(folder)/\(module ?? "none")-\(names.count).swift"
            let header = module.map { "import \($0)\n" } ?? ""
            try (header + names.map { "_ = \($0).self\n" }.joined()).write(toFile: file, atomically: true, encoding: .utf8)
            return try ToolRun(["-typecheck", file], executable: swiftc).output
        }
        for (module, names) in ToolchainDeclarations.modules {
            let without = try messages(nil, names)
            let with = try messages(module, names)
            for name in names {
                #expect(without.contains("cannot find '\(name)' in scope") || without.contains("cannot find type '\(name)' in scope"),
                        "\(name) is known without importing \(module)")
                #expect(!with.contains("cannot find '\(name)' in scope") && !with.contains("cannot find type '\(name)' in scope"),
                        "\(module) does not declare \(name)")
            }
        }
    }
}
