import Foundation
import Testing
@testable import DocentExecute

/// Issue 33: `docent --version` names the commit docent was built from, from `.git` or, in a `git archive` tarball
/// (no `.git`), from `.docent-commit`, which git fills in on export.
@Suite struct DocentCommitTests {
    private static let root = DocentBuildTests.packageRoot.path

    private func git(_ arguments: [String], in directory: String = root) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("the version line names the version, a 12-digit commit (or unknown) and the execution code")
    func versionLine() {
        let line = DocentBuild.versionLine
        #expect(line.hasPrefix("\(DocentBuild.version) (commit "), "\(line)")
        #expect(DocentBuild.commit.isEmpty || (DocentBuild.commit.count == 40 && DocentBuild.commit.allSatisfy(\.isHexDigit)))
        #expect(line.hasSuffix(", execution code \(EmbeddedFiles.executionCode.prefix(16)))"), "\(line)")
    }

    @Test("built from a git checkout, the commit is one of the repository's")
    func commitIsKnown() throws {
        guard try git(["rev-parse", "--git-dir"]).status == 0 else { return }  // a tarball: nothing to compare with
        #expect(try git(["cat-file", "-t", DocentBuild.commit]).output == "commit", "\(DocentBuild.commit)")
    }

    @Test("git archive fills .docent-commit with the archived commit, so a tarball build knows it")
    func tarballCommit() throws {
        guard try git(["rev-parse", "--git-dir"]).status == 0 else { return }
        let head = try git(["rev-parse", "HEAD"]).output
        let archived = try git(["archive", "--format=tar", "HEAD", ".docent-commit", ".gitattributes"])
        #expect(archived.status == 0)
        #expect(archived.output.contains(head), "the archived .docent-commit does not hold \(head)")
    }
}
