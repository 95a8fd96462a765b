import DocentSwift
import DocentTestSupport
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Article code run by docent as root (CI is root): inside the sandbox it is not root, holds no capability, and
/// cannot mount, write the kernel's settings or the system's files; on the host it runs as `nobody`. Every test
/// also holds when docent is not root.
///
/// Never write a different value to a real `/proc/sys` file here: a check writes back what it just read.
@Suite(.tags(.compiler, .sandbox)) struct ExecuteSandboxPrivilegeTests {
    private let runner = executeTestRunner()

    @Test func aSnippetIsNotRootHasNoCapabilitiesAndCannotMountOrWriteTheSystem() throws {
        let outside = FileManager().temporaryDirectory.appendingPathComponent("docent-outside-\(UUID().uuidString)")
        try FileManager().createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(at: outside) }
        try FileManager().setAttributes([.posixPermissions: 0o777], ofItemAtPath: outside.path)
        let planted = "/usr/local/share/docent-planted-\(UUID().uuidString)"
        defer { try? FileManager().removeItem(atPath: planted) }
        let corePattern = "/proc/sys/kernel/core_pattern"
        let patternBefore = try String(contentsOfFile: corePattern, encoding: .utf8)

        var article = ExecuteArticle()
        article.add("""
            import Foundation
            print(getuid() == 0 || geteuid() == 0 ? "root" : "not root")
            let status = try! String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let capabilities = status.split(separator: "\\n").first { $0.hasPrefix("CapEff:") } ?? "none"
            print(capabilities.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces))
            // 32 | 4096 is MS_REMOUNT | MS_BIND: /usr made writable, as `mount -o remount,bind,rw /usr` would.
            print(mount("none", "/usr", nil, 32 | 4096, nil) == 0 ? "remounted /usr" : "mount refused")
            print(mount("tmpfs", "/usr/local", "tmpfs", 0, nil) == 0 ? "mounted on /usr/local" : "mount refused")
            // Writes back exactly the value it read: harmless should the write be allowed.
            let pattern = try! String(contentsOfFile: "/proc/sys/kernel/core_pattern", encoding: .utf8)
            let fd = open("/proc/sys/kernel/core_pattern", O_WRONLY)
            if fd < 0 {
                print("core_pattern refused")
            } else {
                let written = pattern.withCString { write(fd, $0, strlen($0)) }
                close(fd)
                print(written < 0 ? "core_pattern refused" : "core_pattern written")
            }
            print(FileManager.default.createFile(atPath: \(SwiftStringLiteral.quoted(planted)), contents: Data("x".utf8)))
            print(FileManager.default.createFile(atPath: \(SwiftStringLiteral.quoted(outside.path + "/planted")), contents: Data("x".utf8)))
            print(FileManager.default.createFile(atPath: FileManager.default.currentDirectoryPath + "/mine", contents: Data("x".utf8)))
            """)
        let run = try runner.run(article)[0]

        #expect(run.outcome == .completed, "\(run.diagnostics)")
        #expect(run.output == """
            not root
            0000000000000000
            mount refused
            mount refused
            core_pattern refused
            false
            false
            true

            """)
        #expect(try String(contentsOfFile: corePattern, encoding: .utf8) == patternBefore)
        #expect(!FileManager().fileExists(atPath: planted))
        #expect(try FileManager().contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func onTheHostTheProgramRunsAsNobodyWhenDocentIsRootAndInheritsDocentsChannel() throws {
        let prepared = try runner.prepared(supportModule: nil, sources: [])
        #expect(prepared.warnings.isEmpty, "setpriv is installed: \(prepared.warnings)")
        // Through setpriv, bubblewrap, its seccomp shell and prlimit, descriptors 3 and 4 reach the program: it reads
        // the token on 4 and writes a record with it on 3, as the runtime does.
        let run = try ShellProgram(script: """
            id -u; id -g
            grep CapEff /proc/self/status
            [ -z "${DOCENT_RESULTS+set}" ] || echo "a results path"
            read token <&4
            echo "$token 0 {\\"kind\\":\\"end\\"}" >&3
            """)
        defer { run.remove() }
        var request = run.request
        request.limits = ProgramLimits(memory: 1 << 30, cpuSeconds: 30, fileSize: 1 << 20)
        let outcome = try prepared.programs.run(request)

        #expect(outcome.termination == .exited(status: 0), "\(outcome.standardError)")
        let output = "65534\n65534\nCapEff:\t0000000000000000\n"
        #expect(String(decoding: outcome.output, as: UTF8.self) == output)
        #expect(outcome.channelFault == nil)
        #expect(outcome.records == #"{"kind":"end","offset":\#(output.utf8.count)}"# + "\n")
    }

    @Test func withoutSetprivARootDocentSaysSoOnceAndStillDropsEveryCapability() throws {
        var environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment, effectiveUserID: 0)
        environment.cacheDirectory = FileManager().temporaryDirectory.appendingPathComponent("docent-test-cache").path
        environment.setpriv = nil
        let toolchain = ToolchainBuilder(environment: environment)
        let prepared = try toolchain.prepared(supportModule: nil, sources: [])
        #expect(prepared.warnings.map(\.id) == [SandboxDiagnostics.ID.runsAsRoot])
        #expect(try toolchain.prepared(supportModule: nil, sources: []).warnings.isEmpty, "said once")

        let run = try ShellProgram(script: "id -u; grep -E 'CapEff|CapBnd|NoNewPrivs' /proc/self/status")
        defer { run.remove() }
        let outcome = try prepared.programs.run(run.request)
        #expect(String(decoding: outcome.output, as: UTF8.self)
                == "65534\nCapEff:\t0000000000000000\nCapBnd:\t0000000000000000\nNoNewPrivs:\t1\n", "\(outcome.standardError)")
    }

    @Test func theProbeStartsBubblewrapAsProgramsAreStarted() throws {
        let environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        let bwrap = try #require(environment.bwrap)
        let folders = BubblewrapSandbox.systemFolders(runtimeLibraries: [])
        let failing = BubblewrapSandbox(bwrap: bwrap, systemFolders: folders, hostUser: .init(setpriv: "/bin/false"))
        #expect(!failing.works(processRunner: FoundationProcessRunner(), temporaryDirectory: environment.temporaryDirectory),
                "the probe goes through the host user's setpriv")
        #expect(!failing.works(startedWith: FoundationProcessRunner(), temporaryDirectory: environment.temporaryDirectory),
                "started with posix_spawn, the probe goes through the host user's setpriv too")
        if environment.runsAsRoot, let setpriv = environment.setpriv {
            let sandbox = BubblewrapSandbox(bwrap: bwrap, systemFolders: folders, hostUser: .init(setpriv: setpriv))
            #expect(sandbox.works(processRunner: FoundationProcessRunner(), temporaryDirectory: environment.temporaryDirectory))
            #expect(sandbox.works(startedWith: FoundationProcessRunner(), temporaryDirectory: environment.temporaryDirectory))
        }
        let missing = BubblewrapSandbox(bwrap: "/nonexistent/bwrap", systemFolders: folders, hostUser: nil)
        #expect(!missing.works(startedWith: FoundationProcessRunner(), temporaryDirectory: environment.temporaryDirectory))
    }
}

/// A shell script standing in for a compiled article program, in a run folder of its own that only root can enter,
/// the script itself readable by root alone (the executor must open both to the sandbox's user).
private struct ShellProgram {
    let directory: String
    let executable: String

    init(script: String) throws {
        directory = FileManager().temporaryDirectory.appendingPathComponent("docent-shell-\(UUID().uuidString)").path
        executable = directory + "/program"
        try FileManager().createDirectory(atPath: directory, withIntermediateDirectories: true,
                                          attributes: [.posixPermissions: 0o700])
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: executable))
        try FileManager().setAttributes([.posixPermissions: 0o700], ofItemAtPath: executable)
    }

    /// Where `LocalProgramExecutor` lets the program write.
    var scratch: String { executable + ".scratch" }

    var request: RunRequest {
        RunRequest(executable: executable, cacheKey: "", directory: directory, environment: ["PATH": "/usr/bin:/bin"],
                   timeLimit: 30)
    }

    func remove() { try? FileManager().removeItem(atPath: directory) }
}

/// The seccomp filter bubblewrap loads: refused calls fail with EPERM inside, every jump lands on the refusal.
@Suite(.tags(.sandbox)) struct SeccompFilterTests {
    @Test func everyRefusedCallJumpsToTheRefusalAndTheRestAreAllowed() throws {
        for architecture in [SeccompFilter.Architecture.x86_64, .arm64] {
            let program = SeccompFilter.program(for: architecture)
            let refusal = program.count - 1
            #expect(program[refusal] == .init(code: SeccompFilter.Instruction.returnValue, value: SeccompFilter.refuse))
            #expect(program[refusal - 1] == .init(code: SeccompFilter.Instruction.returnValue, value: SeccompFilter.allow))
            #expect(program[1].value == architecture.auditArch)
            let checks = program.enumerated().filter { $0.element.code == SeccompFilter.Instruction.jumpIfEqual && $0.offset > 1 }
            #expect(checks.count == SeccompFilter.refused.compactMap(architecture.number).count)
            for (index, check) in checks {
                #expect(index + 1 + Int(check.jumpIfTrue) == refusal, "check of \(check.value) jumps elsewhere")
                #expect(check.jumpIfFalse == 0)
            }
            #expect(program.flatMap(\.bytes).count == program.count * 8)
        }
        let mount = try #require(SeccompFilter.refused.first { $0.name == "mount" })
        #expect(mount.x86_64 == 165 && mount.arm64 == 40)
    }
}

@Suite(.tags(.compiler, .sandbox)) struct ExecuteSeccompTests {
    @Test func aSnippetCannotMakeNamespacesOrTraceOrMountEvenWhereItsCapabilitiesWouldAllow() throws {
        var article = ExecuteArticle()
        article.add("""
            import Glibc
            // Making a user namespace (CLONE_NEWUSER) needs no capability: only the filter stops it. Glibc's
            // `unshare` is not visible to Swift, so it is looked up.
            typealias Unshare = @convention(c) (Int32) -> Int32
            let unshare = unsafeBitCast(dlsym(nil, "unshare"), to: Unshare.self)
            print(unshare(0x1000_0000) == 0 ? "made a user namespace" : "unshare refused", errno == EPERM)
            print(chroot("/") == 0 ? "chrooted" : "chroot refused", errno == EPERM)
            """)
        let run = try executeTestRunner().run(article)[0]
        #expect(run.output == "unshare refused true\nchroot refused true\n", "\(run.diagnostics)")
    }
}
