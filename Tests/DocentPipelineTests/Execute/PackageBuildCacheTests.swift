import DocentCore
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Issue 33, "packages' dependencies once": a package's dependencies are resolved once and reused offline, its build
/// is reused while its sources and `Package.resolved` are unchanged (and the console says so), and a build that
/// fails leaves nothing to reuse. SwiftPM is a scripted stand-in here (``ScriptedSwiftPM``), so the test sees every
/// command the builder runs and needs no compiler.
@Suite("PackageBuilder: resolved once, build cached, a failure cached never")
struct PackageBuildCacheTests {
    /// Answers SwiftPM's commands as a small package's build would, and remembers each one (git's, for the URL
    /// rewrites, is answered with nothing).
    final class ScriptedSwiftPM: ProcessRunning, @unchecked Sendable {
        private let lock = NSLock()
        private var _commands: [String] = []
        private var _failing = false

        /// The commands run since the last call, by SwiftPM's verb (`describe`, `resolve`, `build`, `show-bin-path`).
        func take() -> [String] { lock.withLock { defer { _commands = [] }; return _commands } }
        /// While set, the build fails as the compiler would, at the copy's `Sources/Tiny/Tiny.swift:1:5`.
        var failing: Bool {
            get { lock.withLock { _failing } }
            set { lock.withLock { _failing = newValue } }
        }

        func run(executable: String, arguments: [String], environment: [String: String], workingDirectory: String,
                 timeLimit: Double?, stdoutFile: String?) throws -> ProcessOutcome {
            guard executable != "/usr/bin/git" else { return ProcessOutcome(termination: .exited(status: 1)) }
            let scratch = arguments.firstIndex(of: "--scratch-path").map { arguments[$0 + 1] } ?? ""
            let verb = arguments.contains("describe") ? "describe" : arguments.contains("resolve") ? "resolve"
                : arguments.contains("--show-bin-path") ? "show-bin-path" : arguments.first ?? ""
            lock.withLock { _commands.append(verb) }
            switch verb {
            case "describe":
                return ProcessOutcome(termination: .exited(status: 0), standardOutput: """
                    {"name": "Tiny", "products": [{"name": "Tiny", "targets": ["Tiny"], "type": {"library": ["automatic"]}}],
                     "targets": [{"name": "Tiny", "c99_name": "Tiny"}]}
                    """)
            case "build" where failing:
                let copy = URL(fileURLWithPath: scratch).deletingLastPathComponent().path + "/" + PackageLinkWrapper.dependencyName
                return ProcessOutcome(termination: .exited(status: 1),
                                      standardError: "\(copy)/Sources/Tiny/Tiny.swift:1:5: error: cannot find 'x' in scope\n")
            case "build":
                try FileManager().createDirectory(atPath: "\(scratch)/debug", withIntermediateDirectories: true)
                try Data("library \(UUID())".utf8).write(to: URL(fileURLWithPath: "\(scratch)/debug/lib\(PackageLinkWrapper.name).so"))
                let plan = "  \"C.x\":\n    description: \"Compiling Swift Module '\(PackageLinkWrapper.name)' (1 sources)\"\n"
                    + "    args: [\"swiftc\",\"-I\",\"\(scratch)/debug/Modules\"]\n"
                try Data(plan.utf8).write(to: URL(fileURLWithPath: "\(scratch)/debug.yaml"))
                return ProcessOutcome(termination: .exited(status: 0))
            case "show-bin-path":
                return ProcessOutcome(termination: .exited(status: 0), standardOutput: "\(scratch)/debug\n")
            default:
                return ProcessOutcome(termination: .exited(status: 0))
            }
        }
    }

    @Test("resolve once; unchanged: no SwiftPM, said on the console; edited: built offline; failed: located, then never reused")
    func resolvedOnceAndCached() throws {
        let package = try TemporaryFolder().write([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Tiny\")\n",
            "Sources/Tiny/Tiny.swift": "public let tiny = 1\n",
        ])
        let scratch = try TemporaryFolder()
        let swiftPM = ScriptedSwiftPM()
        let reporter = RecordingReporter()
        let builder = PackageBuilder(swift: "swift", processRunner: swiftPM, sandbox: nil, toolchainFolders: [], prlimit: nil,
                                     path: "/usr/bin:/bin", temporaryDirectory: scratch.path, cacheDirectory: "\(scratch.path)/cache",
                                     toolchainVersion: "Swift version 6.3.1", home: nil, reporter: reporter)
        let request = PackageRequest(folder: package.path)
        let source = "\(package.path)/Sources/Tiny/Tiny.swift"
        func write(_ text: String, at time: TimeInterval = 1_700_000_000) throws {
            try package.write(["Sources/Tiny/Tiny.swift": text])
            // A fixed time, so the same text written twice is the same tree.
            try FileManager().setAttributes([.modificationDate: Date(timeIntervalSince1970: time)], ofItemAtPath: source)
        }

        let first = try builder.build(request)
        #expect(swiftPM.take() == ["describe", "resolve", "build", "show-bin-path"])
        #expect(reporter.messages.last == "Package Tiny: dependencies resolved; building it")

        #expect(try builder.build(request) == first)
        #expect(swiftPM.take() == [], "an unchanged package ran SwiftPM")
        #expect(reporter.messages.last == "Package Tiny: build reused from the cache (its sources and Package.resolved are unchanged)")

        try write("public let tiny = 2\n")
        _ = try builder.build(request)
        #expect(swiftPM.take() == ["build", "show-bin-path"], "an edited source resolved the dependencies again")
        #expect(reporter.messages.last == "Package Tiny: files changed since its last build; building it with the dependencies resolved before (offline)")

        // A build that fails: SwiftPM's first error, at the package's own file; then the good text back, to the byte
        // and the second: the failed build may have rewritten part of the build folder, so it is built again.
        swiftPM.failing = true
        try write("public let tiny = x\n", at: 1_700_000_100)
        let found = diagnostics { _ = try builder.build(request) }
        #expect(found.map(\.location) == [SourceLocation(path: source, line: 1, column: 5)])
        #expect(found.first?.message == "the package does not build: cannot find 'x' in scope", "\(found)")
        #expect(swiftPM.take() == ["build"])
        swiftPM.failing = false
        try write("public let tiny = 2\n")
        _ = try builder.build(request)
        #expect(swiftPM.take() == ["build", "show-bin-path"], "a build remembered across a failed one was reused")
        #expect(reporter.messages.last == "Package Tiny: files changed since its last build; building it with the dependencies resolved before (offline)")
    }

    @Test("a first build that fails keeps the resolved dependencies and no build")
    func firstBuildFails() throws {
        let package = try TemporaryFolder().write([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Tiny\")\n",
            "Sources/Tiny/Tiny.swift": "public let tiny = x\n",
        ])
        let scratch = try TemporaryFolder()
        let swiftPM = ScriptedSwiftPM()
        swiftPM.failing = true
        let builder = PackageBuilder(swift: "swift", processRunner: swiftPM, sandbox: nil, toolchainFolders: [], prlimit: nil,
                                     path: "/usr/bin:/bin", temporaryDirectory: scratch.path, cacheDirectory: "\(scratch.path)/cache",
                                     toolchainVersion: "Swift version 6.3.1", home: nil)
        #expect(diagnostics { _ = try builder.build(PackageRequest(folder: package.path)) }.count == 1)
        #expect(swiftPM.take() == ["describe", "resolve", "build"])
        swiftPM.failing = false
        try package.write(["Sources/Tiny/Tiny.swift": "public let tiny = 1\n"])
        _ = try builder.build(PackageRequest(folder: package.path))
        #expect(swiftPM.take() == ["build", "show-bin-path"], "the dependencies were resolved again after a failed first build")
    }
}
