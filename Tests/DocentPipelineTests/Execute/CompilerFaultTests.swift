import DocentCore
import Foundation
import Testing
@testable import DocentExecute

/// A compile that fails for a reason outside the article's code (no space, a tool missing) is one tools error and is
/// never cached; a failure is cached only when its errors point into the article's code.
@Suite struct CompilerFaultTests {
    /// A `swiftc` that prints `standardError` and exits 1, counting its runs.
    final class FailingCompiler: ProcessRunning, @unchecked Sendable {
        let standardError: String
        private let lock = NSLock()
        private var count = 0
        var runs: Int { lock.withLock { count } }

        init(standardError: String) {
            self.standardError = standardError
        }

        func run(executable: String, arguments: [String], environment: [String: String], workingDirectory: String,
                 timeLimit: Double?, stdoutFile: String?) throws -> ProcessOutcome {
            lock.withLock { count += 1 }
            return ProcessOutcome(termination: .exited(status: 1), standardError: standardError)
        }
    }

    let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-fault-\(UUID().uuidString)").path

    private func compile(printing standardError: String, times: Int = 1) throws -> (FailingCompiler, [CompileOutcome]) {
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        let runner = FailingCompiler(standardError: standardError)
        let executor = SwiftCompilerExecutor(compiler: SwiftCompiler(swiftc: "/usr/bin/swiftc", processRunner: runner, environment: [:]),
                                             modules: [], moduleCache: Once { nil })
        let cache = ProgramCache(directory: folder + "/cache", secret: ExecuteCacheTests.randomSecret())
        let compiler = CachingCompiler(base: executor, cache: cache)
        let program = ProgramPlan(name: "shared0", kind: .shared(segment: 0), source: "print(1)\n", blocks: [], runs: true,
                                  swiftVersion: 5, hiddenSites: [])
        let context = PlanContext(settings: ExecutionSettings(), fingerprints: ToolchainFingerprints(compiler: "s", runtime: "r"),
                                  supportModule: nil)
        let request = CompileRequest(program: program, context: context, articlePath: "content/x.md", directory: folder)
        return (runner, try (0..<times).map { _ in try compiler.compile(request) })
    }

    @Test("the machine's failures are named", arguments: [
        ("/usr/bin/ld.gold: fatal error: /tmp/x/shared0: No space left on device\nclang: error: linker command failed", "No space left on device"),
        ("<unknown>:0: error: unable to execute command: Executable \"ld\" doesn't exist!", "unable to execute command"),
        ("error: unable to open output file 'x.o': 'Read-only file system'", "Read-only file system"),
    ])
    func machineFailures(standardError: String, reason: String) {
        #expect(CompilerFault(standardError: standardError)?.reason == reason)
    }

    @Test func theCodesOwnErrorsAreNoFault() {
        #expect(CompilerFault(standardError: "content/x.md:4:9: error: cannot find 'y' in scope") == nil)
        #expect(CompilerFault(standardError: "ld.gold: error: undefined reference to 'f'") == nil)
    }

    @Test func aFullDiskIsOneToolsErrorNotTheArticlesFailure() throws {
        let error = #expect(throws: DiagnosticError.self) {
            try compile(printing: "/usr/bin/ld.gold: fatal error: /tmp/a/shared0: No space left on device\n")
        }
        #expect(error?.diagnostics.map(\.message) == ["cannot compile content/x.md: No space left on device"])
        #expect(error?.diagnostics.first?.location == nil)
    }

    @Test func aFailureOutsideTheArticlesCodeIsNeverCached() throws {
        let (runner, outcomes) = try compile(printing: "ld.gold: error: undefined reference to 'f'\n", times: 2)
        #expect(outcomes.map(\.succeeded) == [false, false])
        #expect(runner.runs == 2, "a linker failure with no error in the article's code is compiled again")
    }

    @Test func aFailureInTheArticlesCodeIsCached() throws {
        let (runner, outcomes) = try compile(printing: "content/x.md:1000001:1: error: cannot find 'y' in scope\n", times: 2)
        #expect(outcomes.map(\.succeeded) == [false, false])
        #expect(runner.runs == 1)
    }
}
