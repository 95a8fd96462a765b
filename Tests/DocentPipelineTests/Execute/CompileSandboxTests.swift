import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// The compiler and the linker run in the sandbox. A program that plants linker options in the autolink section
/// (what the refusal of `@_section`/`@_used` stops first) still cannot write outside its compile's folder, because
/// the linker it reaches is inside the walls; and the compiler runs unprivileged, whoever docent is.
@Suite(.tags(.compiler, .sandbox)) struct CompileSandboxTests {
    private let runner = executeTestRunner()

    /// `source` compiled to run as the article `content/x.md`'s only program, in a fresh scratch folder.
    private func compile(_ source: String) throws -> (CompileOutcome, scratch: String) {
        let prepared = try runner.prepared(supportModule: nil, sources: [])
        let scratch = try prepared.scratch.create(for: "content/x.md")
        // The playground transform's calls need the runtime, as in every program docent plans.
        let program = ProgramPlan(name: "shared0", kind: .shared(segment: 0),
                                  source: "import \(RuntimeContract.moduleName)\n" + source, blocks: [], runs: true,
                                  swiftVersion: 5, hiddenSites: [])
        let context = PlanContext(settings: ExecutionSettings(), fingerprints: prepared.fingerprints, supportModule: nil)
        let request = CompileRequest(program: program, context: context, articlePath: "content/x.md", directory: scratch)
        return (try prepared.compiler.compile(request), scratch)
    }

    /// A tuple of bytes planted in the autolink section: each NUL-terminated string becomes a linker-driver option.
    private static func autolinkEntry(_ options: [String]) -> String {
        let bytes = Array(options.map { $0 + "\0" }.joined().utf8)
        return """
            @_section(".swift1_autolink_entries") @_used
            let entry: (\(bytes.map { _ in "UInt8" }.joined(separator: ", "))) = (\(bytes.map(String.init).joined(separator: ", ")))
            print("linked")
            """
    }

    @Test func linkerOptionsFromTheProgramWriteNothingOutsideTheCompile() throws {
        let outside = FileManager().temporaryDirectory.appendingPathComponent("docent-outside-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: outside) }
        try FileManager().setAttributes([.posixPermissions: 0o777], ofItemAtPath: outside)

        let (outcome, scratch) = try compile(Self.autolinkEntry(["-Wl,-Map=\(outside)/linker.map",
                                                                 "-Wl,--print-map"]))
        defer { try? FileManager().removeItem(atPath: scratch) }

        // The linker was reached (gold complains of the planted entry it was asked to keep), but inside the
        // sandbox: the folder it was told to write its map to is not there.
        #expect(outcome.standardError.contains("ld"), "\(outcome.standardError)")
        #expect(try FileManager().contentsOfDirectory(atPath: outside).isEmpty, "\(outcome.standardError)")
        // Nothing of the compile is left beside the article's scratch folder either.
        #expect(try FileManager().contentsOfDirectory(atPath: scratch).allSatisfy { !$0.hasPrefix(ScratchFolders.compilePrefix) })
    }

    @Test func theLinkerCannotReadTheProject() throws {
        // Asked to read the project's Package.swift as a linker script, the linker finds no such file.
        let secret = FileManager().currentDirectoryPath + "/Package.swift"
        let (outcome, scratch) = try compile(Self.autolinkEntry(["-Wl,-T,\(secret)"]))
        defer { try? FileManager().removeItem(atPath: scratch) }

        #expect(!outcome.succeeded)
        // Had the linker read Package.swift as a script, it would complain about its Swift text; it cannot open it.
        #expect(outcome.standardError.contains("cannot open") || outcome.standardError.contains("No such file"),
                "\(outcome.standardError)")
    }

    @Test func aCompileGetsTheToolchainAndFoundationAndRunsAsNobodyWhenDocentIsRoot() throws {
        let (outcome, scratch) = try compile("import Foundation\nprint(Date(timeIntervalSince1970: 0))\n")
        defer { try? FileManager().removeItem(atPath: scratch) }
        #expect(outcome.succeeded, "\(outcome.standardError)")
        let executable = try #require(outcome.executable)
        #expect(FileManager().isExecutableFile(atPath: executable))
        let owner = try FileManager().attributesOfItem(atPath: executable)[.ownerAccountID] as? NSNumber
        #expect(owner?.uint32Value == (geteuid() == 0 ? BubblewrapSandbox.insideID : geteuid()))
    }

    @Test func compilesReadOneSharedModuleCacheThatNoneCanWrite() throws {
        let prepared = try runner.prepared(supportModule: nil, sources: [])
        defer { prepared.finish() }
        // The linker, told by the program to write its map into the module cache, finds it read-only.
        let program = ProgramPlan(name: "shared0", kind: .shared(segment: 0),
                                  source: "import \(RuntimeContract.moduleName)\n"
                                      + Self.autolinkEntry(["-Wl,-Map=\(CompileSandbox.moduleCachePath)/linker.map"]),
                                  blocks: [], runs: true, swiftVersion: 5, hiddenSites: [])
        let context = PlanContext(settings: ExecutionSettings(), fingerprints: prepared.fingerprints, supportModule: nil)
        for _ in 0..<2 {
            let scratch = try prepared.scratch.create(for: "content/x.md")
            defer { prepared.scratch.remove(scratch, for: "content/x.md") }
            let outcome = try prepared.compiler.compile(CompileRequest(program: program, context: context,
                                                                       articlePath: "content/x.md", directory: scratch))
            #expect(!outcome.succeeded)
        }
        // Both compiles read the same copy of the runtime and of the module cache, which holds no map.
        let copies = try #require(prepared.sharedInputs).copiedFolders
        #expect(copies.count == 2)
        for copy in copies {
            let files = FileManager().enumerator(atPath: copy)?.allObjects as? [String] ?? []
            #expect(!files.contains { $0.hasSuffix("linker.map") })
        }
        prepared.finish()
        #expect(copies.allSatisfy { !FileManager().fileExists(atPath: $0) })
    }

    @Test func aCompileThatMustWriteAClangModuleGetsACacheOfItsOwn() throws {
        // XCTest's Clang modules are not among those the shared cache holds: the compile must write them.
        let (outcome, scratch) = try compile("import XCTest\nprint(XCTestCase.self)\n")
        defer { try? FileManager().removeItem(atPath: scratch) }
        #expect(outcome.succeeded, "\(outcome.standardError)")
    }

    @Test func foldersAKilledDocentLeftAreRemovedByTheNextBuild() throws {
        let temporary = FileManager().temporaryDirectory.appendingPathComponent("docent-leftovers-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: temporary) }
        // A process that has ended stands for the killed docent.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let prefixes = [ScratchFolders.prefix, ScratchFolders.compilePrefix, ScratchFolders.processPrefix]
        for prefix in prefixes {
            for (owner, name) in [(ended.processIdentifier, "dead"), (getpid(), "alive")] {
                let folder = "\(temporary)/\(prefix)\(name)"
                try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(String(owner).utf8).write(to: URL(fileURLWithPath: "\(folder)/\(LeftoverFolders.ownerFile)"))
            }
        }
        ScratchFolders(temporaryDirectory: temporary).removeAbandoned()
        #expect(try FileManager().contentsOfDirectory(atPath: temporary).sorted() == prefixes.map { $0 + "alive" }.sorted())
    }
}
