import Foundation
import DocentTestSupport
import Testing
@testable import DocentExecute

/// Issue 33: `docent --version` names the commit docent was built from, from `.git` or, in a `git archive` tarball
/// (no `.git`), from `.docent-commit`, which git fills in on export.
@Suite struct DocentCommitTests {
    private static let root = DocentPackage.root.path

    private func git(_ arguments: [String], in directory: String = root) throws -> (status: Int32, output: String) {
        let run = try ToolRun(["git", "-C", directory] + arguments, errors: false)
        return (run.status, run.output.trimmingCharacters(in: .whitespacesAndNewlines))
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

    @Test("a git archive of HEAD, unpacked: .docent-commit holds HEAD, and the plugin's reader (no .git there) returns it")
    func tarballCommit() throws {
        guard try git(["rev-parse", "--git-dir"]).status == 0 else { return }
        let head = try git(["rev-parse", "HEAD"]).output
        let unpacked = try TemporaryFolder()
        let archive = "\(unpacked.path)/docent.tar"
        #expect(try git(["archive", "--format=tar", "--prefix=docent/", "-o", archive, "HEAD"]).status == 0)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-x", "-f", archive, "-C", unpacked.path]
        try tar.run()
        tar.waitUntilExit()
        #expect(tar.terminationStatus == 0)
        let tree = URL(fileURLWithPath: "\(unpacked.path)/docent")
        #expect(!FileManager().fileExists(atPath: tree.appendingPathComponent(".git").path))
        #expect(try String(contentsOf: tree.appendingPathComponent(GitCommit.archivedFile), encoding: .utf8) == head + "\n")
        #expect(GitCommit.of(tree) == head)
    }

    @Test("the reader: a branch loose or packed, a detached HEAD, a worktree's .git file; an unfilled .docent-commit is no commit")
    func readerFixtures() throws {
        let (a, b, c) = (String(repeating: "a", count: 40), String(repeating: "b", count: 40), String(repeating: "c", count: 40))
        let folder = try TemporaryFolder().write([
            "loose/.git/HEAD": "ref: refs/heads/main\n", "loose/.git/refs/heads/main": a + "\n",
            "packed/.git/HEAD": "ref: refs/heads/main\n", "packed/.git/packed-refs": "# pack-refs with: peeled\n\(b) refs/heads/main\n",
            "detached/.git/HEAD": c + "\n",
            "main/.git/refs/heads/topic": b + "\n", "main/.git/worktrees/wt/HEAD": "ref: refs/heads/topic\n",
            "main/.git/worktrees/wt/commondir": "../..\n", "wt/.git": "gitdir: ../main/.git/worktrees/wt\n",
            "unfilled/.docent-commit": "$Format:%H$\n", "archived/.docent-commit": a + "\n",
        ])
        func commit(_ name: String) -> String { GitCommit.of(URL(fileURLWithPath: "\(folder.path)/\(name)")) }
        #expect(commit("loose") == a)
        #expect(commit("packed") == b)
        #expect(commit("detached") == c)
        #expect(commit("wt") == b)
        #expect(commit("unfilled") == "")
        #expect(commit("archived") == a)
        #expect(commit("nothing") == "")
    }
}
