import DocentCore
import DocentSwift
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Article code from a contributor, run as a hostile one would write it: it sees nothing of the project, the
/// home folder or docent's environment, reaches no network, and cannot stretch or escape its limits.
@Suite(.tags(.compiler, .sandbox)) struct ExecuteSandboxTests {
    private let runner = executeTestRunner()

    private func output(_ code: String, settings: ExecutionSettings = ExecutionSettings()) throws -> SnippetRun {
        var article = ExecuteArticle()
        article.add(code)
        return try runner.run(article, settings: settings)[0]
    }

    @Test func theProjectTheHomeFolderAndOtherFilesAreOutOfSight() throws {
        let outside = FileManager().temporaryDirectory.appendingPathComponent("docent-secret-\(UUID().uuidString)")
        try FileManager().createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(at: outside) }
        try Data("secret".utf8).write(to: outside.appendingPathComponent("token"))
        let run = try output("""
            import Foundation
            let files = FileManager.default
            print(files.fileExists(atPath: \(SwiftStringLiteral.quoted(#filePath))))
            print(files.fileExists(atPath: \(SwiftStringLiteral.quoted(outside.path + "/token"))))
            print(files.fileExists(atPath: NSHomeDirectory() + "/.bashrc") || files.fileExists(atPath: "/root/.bashrc"))
            print(files.createFile(atPath: \(SwiftStringLiteral.quoted(outside.path + "/planted")), contents: Data("x".utf8)))
            print(files.createFile(atPath: "/usr/planted", contents: Data("x".utf8)))
            print(files.createFile(atPath: FileManager.default.currentDirectoryPath + "/mine", contents: Data("x".utf8)))
            """)
        #expect(run.outcome == .completed, "\(run.diagnostics)")
        #expect(run.output == "false\nfalse\nfalse\nfalse\nfalse\ntrue\n")
        #expect(!FileManager().fileExists(atPath: outside.path + "/planted"))
    }

    @Test func aServerOnLoopbackCannotBeReached() throws {
        let server = try LoopbackServer()
        defer { server.close() }
        let run = try output("""
            import Foundation
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(\(server.port)).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            print(result == 0 ? "connected" : "refused")
            """)
        #expect(run.output == "refused\n", "\(run.diagnostics)")
        #expect(!server.acceptedAnyone)
    }

    @Test func aDetachedGrandchildCannotStretchTheTimeLimit() throws {
        var article = ExecuteArticle()
        article.add("""
            import Foundation
            let sleeper = Process()
            sleeper.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            sleeper.arguments = ["sleep", "3000"]
            try sleeper.run()
            print("started")
            """)
        // The runtime is built (once per process, and slowly on a loaded machine) before the clock starts. Held up
        // by its grandchild, the article would end at its time limit, timed out; it ends when its program does.
        let limit: Double = 90
        let prepared = try runner.prepare(supportModule: nil, sources: [], package: nil)
        let job = article.job(settings: ExecutionSettings(timeLimit: limit))
        let started = Date()
        let run = try prepared.runs(job)[0]
        #expect(run.outcome == .completed, "\(run.diagnostics)")
        #expect(run.output == "started\n")
        #expect(Date().timeIntervalSince(started) < limit * 2 / 3, "the program finished; its grandchild does not hold the article up")
    }

    @Test func withoutBubblewrapDocentSaysSoOnceAndStillRunsUnderTheLimits() throws {
        var environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        environment.cacheDirectory = FileManager().temporaryDirectory.appendingPathComponent("docent-test-cache").path
        environment.bwrap = nil
        let toolchain = ToolchainBuilder(environment: environment)
        let warnings = try toolchain.prepare(supportModule: nil, sources: [], package: nil).warnings
        #expect(warnings.count == 1)
        #expect(warnings.map(\.id) == [SandboxDiagnostics.ID.missing])
        // The wording, once, as a golden.
        #expect(warnings.first?.message == "article programs and the compiler run without a sandbox: bubblewrap (bwrap) is not installed")
        let runner = try toolchain.prepare(supportModule: nil, sources: [], package: nil)
        #expect(runner.warnings.isEmpty, "said once")
        var article = ExecuteArticle()
        article.add("print(1)")
        #expect(try runner.runs(article.job()).first?.output == "1\n")

        environment.usesSandbox = false
        #expect(try ToolchainBuilder(environment: environment).prepare(supportModule: nil, sources: [], package: nil).warnings.isEmpty,
                "--no-sandbox asks for it: no warning")
    }

    @Test func aSnippetThatCompilesForTooLongStopsAtTheCompileTimeLimit() throws {
        var settings = ExecutionSettings()
        settings.compileTimeLimit = 1
        let code = (0..<6000).map { "let value\($0) = [\($0), \($0) * 2, \($0) + 3].map { $0 * 2 }.reduce(0, +)" }
            .joined(separator: "\n")
        var article = ExecuteArticle()
        article.add(code)
        // The runtime is built (once per process, and slowly) and the 6,000 lines analysed before the clock starts:
        // only compiling is timed.
        let prepared = try runner.prepare(supportModule: nil, sources: [], package: nil)
        let job = article.job(settings: settings)
        let started = Date()
        let run = try prepared.runs(job)[0]
        #expect(run.outcome == .compileFailed)
        #expect(run.diagnostics.map(\.id) == [ExecuteDiagnostics.ID.compileTimeOut])
        #expect(run.diagnostics.first?.location == article.snippets[0].location)
        // However loaded the machine, a compile is stopped at its limit's wall-clock ceiling; the rest is planning.
        let ceiling = settings.compileTimeLimit * FoundationProcessRunner().maximumStretch
        #expect(Date().timeIntervalSince(started) < ceiling + 10)
    }

    @Test func threeGigabytesStopAtTheMemoryLimitWithAMessageNamingIt() throws {
        var settings = ExecutionSettings()
        settings.memoryLimit = 1 << 30
        let run = try output("""
            var chunks: [[UInt8]] = []
            for _ in 0..<12 { chunks.append([UInt8](repeating: 1, count: 256 << 20)) }
            print(chunks.count)
            """, settings: settings)
        guard case .trapped(let message) = run.outcome else { Issue.record("not stopped: \(run.outcome)"); return }
        #expect(message.hasPrefix("exceeded the memory limit of 1 GiB"), "\(message)")
        #expect(run.diagnostics.map(\.id) == [ExecuteDiagnostics.ID.memoryLimit], "\(run.diagnostics)")
    }

    @Test func filesWrittenAnywhereStopAtSizesTakenFromTheMemoryLimit() throws {
        var settings = ExecutionSettings()
        settings.memoryLimit = 256 << 20
        let run = try output("""
            import Foundation
            let chunk = Data(count: 16 << 20)
            func fill(_ folder: String) -> Int {
                var written = 0
                for i in 0..<40 where FileManager.default.createFile(atPath: "\\(folder)/f\\(i)", contents: chunk) { written += 16 }
                return written
            }
            print("scratch", fill(FileManager.default.currentDirectoryPath), "tmp", fill("/tmp"), "shm", fill("/dev/shm"),
                  "root", fill(""))
            print("dev", FileManager.default.createFile(atPath: "/dev/planted", contents: chunk))
            print("null", FileHandle(forWritingAtPath: "/dev/null") != nil)
            """, settings: settings)
        // 640 MiB asked for in each place: the scratch folder holds half the memory limit, /tmp and /dev/shm a
        // quarter each, /dev and the sandbox's root (an unsized in-memory folder) nothing: all of it memory, none of
        // it the host's disk.
        #expect(run.output == "scratch 128 tmp 64 shm 64 root 0\ndev false\nnull true\n", "\(run.diagnostics)")
    }

    @Test func emptyFilesWithoutEndStopAtTheFileLimitTakenFromTheMemoryLimit() throws {
        // Empty files take no room in a sized folder, but each costs the kernel memory: a million of them, asked for
        // under 256 MiB, stop at 4,096 (one per 64 KiB), counted from outside the sandbox a few times a second.
        var settings = ExecutionSettings()
        settings.memoryLimit = 256 << 20
        let run = try output("""
            import Foundation
            var made = 0
            for i in 0..<1_000_000 {
                let fd = open("f\\(i)", O_CREAT | O_WRONLY, 0o644)
                if fd < 0 { break }
                close(fd)
                made += 1
            }
            print("made", made)
            """, settings: settings)
        guard case .trapped(let message) = run.outcome else { Issue.record("not stopped: \(run.outcome) \(run.output)"); return }
        #expect(message == "exceeded the file limit: its in-memory folders held more than 4096 files and folders "
                + "(one per 64 KiB of the memory limit of 256 MiB)")
        #expect(!run.output.contains("made"))
        #expect(run.diagnostics.map(\.id) == [ExecuteDiagnostics.ID.fileLimit])
    }
}

/// A TCP server on 127.0.0.1 and an ephemeral port that notes whether anyone connected.
final class LoopbackServer: @unchecked Sendable {
    let port: UInt16
    private let fd: Int32

    init() throws {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, length) == 0 && getsockname(socketFD, $0, &length) == 0
            }
        }
        guard bound, listen(socketFD, 4) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        fd = socketFD
        port = UInt16(bigEndian: address.sin_port)
        _ = fcntl(socketFD, F_SETFL, fcntl(socketFD, F_GETFL) | O_NONBLOCK)
    }

    /// Whether a connection is waiting to be accepted.
    var acceptedAnyone: Bool {
        let client = accept(fd, nil, nil)
        if client >= 0 { Foundation.close(client) }
        return client >= 0
    }

    func close() { Foundation.close(fd) }
}

/// A program cannot start processes without end (the issue's probe started 3,000).
@Suite(.tags(.compiler, .sandbox)) struct ExecuteTaskLimitTests {
    @Test func processesStopAFewHundredAboveWhatTheUserRuns() throws {
        var article = ExecuteArticle()
        article.add("""
            import Glibc
            var started = 0
            for _ in 0..<3000 {
                var pid: pid_t = 0
                let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("2"), nil]
                guard posix_spawn(&pid, "/bin/sleep", nil, nil, argv, nil) == 0 else { break }
                started += 1
            }
            print(started > 100, started < 1500)
            """)
        // The limit is what the user had when the program started plus 512; tasks of other runs of the same user
        // that end meanwhile leave room for more, so the bound here is well above 512 and far below 3,000.
        let run = try executeTestRunner().run(article)[0]
        #expect(run.output == "true true\n", "\(run.diagnostics)")
    }
}
