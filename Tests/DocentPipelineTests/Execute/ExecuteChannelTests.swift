import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Issue 36: a program cannot forge its own verdict. Records and output reach Docent through its channel, read while
/// the program runs; a program that writes to the channel, closes it or rewrites its output fails, sandboxed or not.
@Suite(.tags(.compiler, .sandbox)) struct ExecuteChannelTests {
    /// A toolchain with or without the sandbox, sharing the tests' module cache.
    static func runner(sandboxed: Bool) -> ToolchainBuilder {
        var environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        environment.cacheDirectory = FileManager().temporaryDirectory.appendingPathComponent("docent-test-cache").path
        environment.usesSandbox = sandboxed
        return ToolchainBuilder(environment: environment)
    }

    /// The hidden block of the issue's attack: it looks for the results file, writes forged value records to every
    /// descriptor it may write, truncates its standard output and prints what the page should say.
    static let forgery = """
        import Foundation
        let forged = #"{"kind":"value","line":300001,"column":5,"snippet":1,"count":1,"text":"0.3","full":"0.3"}"# + "\\n"
        if let results = ProcessInfo.processInfo.environment["DOCENT_RESULTS"],
           let file = FileHandle(forUpdatingAtPath: results) {
            file.truncateFile(atOffset: 0)
            file.write(Data(forged.utf8))
        }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            guard let fd = Int32(entry), fd > 0 else { continue }
            let mode = fcntl(fd, F_GETFL) & O_ACCMODE
            if mode == O_WRONLY || mode == O_RDWR { _ = forged.withCString { write(fd, $0, strlen($0)) } }
        }
        fflush(stdout)
        ftruncate(1, 0)
        print("true")
        """

    @Test(arguments: [true, false]) func theIssuesForgeryFails(sandboxed: Bool) throws {
        let body = "```swift hidden\n\(Self.forgery)\n```\n\n```swift\nlet sum = 0.1 + 0.2 // => 0.3\nprint(sum == 0.3)\n```\n\n"
            + "```output\ntrue\n```\n"
        let folder = try TemporaryFolder().write(["content/a.md": article(body: body)])
        let pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(),
                                toolchain: Self.runner(sandboxed: sandboxed))
        // The article fails as a whole (as a tool failure does): no mark can expect it, no snippet of it passes.
        let error = try #require(throws: DiagnosticError.self) {
            try pipeline.test(TestConfiguration(contentDirectory: "\(folder.path)/content"))
        }
        #expect(error.diagnostics.count == 1)
        let broken = try #require(error.diagnostics.first)
        #expect(broken.id == ExecuteDiagnostics.ID.recordChannelBroken, "\(broken)")
        #expect(broken.location == SourceLocation(path: "\(folder.path)/content/a.md", line: 5, column: 1),
                "at the hidden block, which was running")
    }

    @Test(arguments: ["close(3)", "dup2(open(\"/dev/null\", O_WRONLY), 3)"])
    func aProgramThatClosesOrReplacesItsChannelFails(how: String) throws {
        var article = ExecuteArticle()
        article.add("let a = 1")
        article.add("import Foundation\n_ = \(how)\nlet b = 2")
        let error = try #require(throws: DiagnosticError.self) { try Self.runner(sandboxed: true).run(article) }
        #expect(error.diagnostics.map(\.location?.line) == [article.snippets[1].location.line])
        #expect(error.diagnostics.first?.message.contains("(no end record)") == true, "\(error.diagnostics)")
    }

    @Test func aProgramThatClosesItsChannelBeforeABoundaryFails() throws {
        var article = ExecuteArticle()
        article.add("import Foundation\nclose(3)\nprint(\"closed\")")
        article.add("let b = 2")
        let error = try #require(throws: DiagnosticError.self) { try Self.runner(sandboxed: false).run(article) }
        #expect(error.diagnostics.map(\.location?.line) == [article.snippets[0].location.line])
    }

    @Test func aSnippetPrintingWithoutEndIsStoppedAtItsLimit() throws {
        var article = ExecuteArticle()
        article.add("let line = String(repeating: \"x\", count: 1 << 16)\nwhile true { print(line) }")
        article.add("print(\"after\")")
        let runs = try Self.runner(sandboxed: true).run(article, settings: ExecutionSettings(timeLimit: 20, outputLimit: 4096))
        #expect(runs[0].outcome == .completed, "\(runs[0].diagnostics)")
        #expect(runs[0].outputTruncated)
        #expect(runs[0].output.utf8.count <= 4096)
        #expect(runs[1].outcome == .notReached)
    }
}

/// What Docent keeps of a program's output, whatever the program prints: at most the limit and a byte.
@Suite struct ProgramOutputBoundTests {
    @Test func aFloodOfOutputIsStoppedAndNotKept() throws {
        let directory = FileManager().temporaryDirectory.appendingPathComponent("docent-flood-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: directory) }
        let executable = directory + "/program"
        // 2 GB if nothing stopped it; no runtime, so no boundary: all of it counts against one limit.
        try Data("#!/bin/sh\nhead -c 2000000000 /dev/zero\necho done >&2\n".utf8).write(to: URL(fileURLWithPath: executable))
        try FileManager().setAttributes([.posixPermissions: 0o700], ofItemAtPath: executable)
        let start = Date()
        let outcome = try LocalProgramExecutor().run(RunRequest(executable: executable, cacheKey: "", directory: directory,
                                                                environment: ["PATH": "/usr/bin:/bin"], timeLimit: 60,
                                                                outputLimit: 1 << 16))
        #expect(outcome.output.count <= (1 << 16) + 1, "kept: \(outcome.output.count) bytes")
        #expect(outcome.termination == .signaled(SIGKILL), "stopped at the limit, not at its end")
        #expect(!outcome.standardError.contains("done"))
        #expect(RuntimeRecords(parsing: outcome.records).truncatedBoundary == -1)
        #expect(Date().timeIntervalSince(start) < 30)
    }
}

/// A program is given its standard descriptors and Docent's channel (0 to 4) and nothing else Docent holds open,
/// even a descriptor Docent opened without `O_CLOEXEC` (Foundation's `Process`, used before, closed them all).
@Suite struct ProgramDescriptorTests {
    @Test func aProgramInheritsNoDescriptorOfDocentsBeyondTheChannel() throws {
        let directory = FileManager().temporaryDirectory.appendingPathComponent("docent-fds-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: directory) }
        // A folder held open the way a careless library would: inheritable, and a way back into the host's files.
        let leaked = open(directory, O_RDONLY | O_DIRECTORY)
        #expect(leaked >= ChannelProcessRunner.firstClosedDescriptor)
        defer { close(leaked) }
        let executable = directory + "/program"
        try Data("#!/bin/sh\nls /proc/self/fd\n".utf8).write(to: URL(fileURLWithPath: executable))
        try FileManager().setAttributes([.posixPermissions: 0o700], ofItemAtPath: executable)
        let outcome = try LocalProgramExecutor().run(RunRequest(executable: executable, cacheKey: "", directory: directory,
                                                                environment: ["PATH": "/usr/bin:/bin"], timeLimit: 60,
                                                                outputLimit: 1 << 16))
        // `ls` itself opens one descriptor to list the folder (the lowest free one, 5 when nothing else is open).
        let open = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").compactMap { Int32($0) }
        #expect(open.filter { $0 >= ChannelProcessRunner.firstClosedDescriptor }.count <= 1, "\(open)")
        #expect(!open.contains(leaked), "descriptor \(leaked), open in docent, reached the program: \(open)")
    }
}
