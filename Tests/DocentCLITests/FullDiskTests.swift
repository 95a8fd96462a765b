import DocentTestSupport
import Foundation
import Testing

/// A temporary folder that fills up is the machine's fault, not the article's: one tools error naming the full
/// disk, exit 3 (the machine's fault), nothing cached, and the next run with room compiles and passes. Needs root,
/// to mount a tiny in-memory folder as `TMPDIR` (CI is root).
@Suite(.serialized, .tags(.compiler), .enabled(if: TinyFolder.canMount, "needs root and permission to mount a tmpfs"))
struct FullDiskTests {
    @Test func aFullTemporaryFolderIsOneToolsErrorAndIsNeverCached() throws {
        let workspace = try Workspace(fixture: "good", templates: false)
        try "---\ntitle: Runs\ndate: 2026-01-01\n---\n```swift\nlet answer = 6 * 7 // => 42\nprint(answer)\n```\n"
            .write(toFile: workspace.path + "/content/runs.md", atomically: true, encoding: .utf8)
        let tiny = try TinyFolder(bytes: 256 << 10)
        defer { tiny.remove() }
        let before = workspace.snapshot("content")

        let full = try DocentBinary.run(["test", "--content", "content"], in: workspace.path, environment: ["TMPDIR": tiny.path])
        #expect(full.status == 3, "\(full.stdout)\n\(full.stderr)")
        #expect(full.stderr.contains("error: "), "\(full.stderr)")
        #expect(full.stderr.contains("the disk holding \(tiny.path)/"), "names the full disk: \(full.stderr)")
        #expect(full.stderr.contains("is full"), "\(full.stderr)")
        #expect(!full.stdout.contains(" failed,") || full.stdout.contains(" 0 failed"), "no snippet is blamed: \(full.stdout)")

        let roomy = try DocentBinary.run(["test", "--content", "content"], in: workspace.path)
        #expect(roomy.status == 0, "nothing of the failed run was cached: \(roomy.stdout)\n\(roomy.stderr)")
        #expect(roomy.stdout.contains("1 passed, 0 failed"), "\(roomy.stdout)")
        #expect(workspace.snapshot("content") == before, "the author's files are untouched")
    }
}

/// A tmpfs of a few hundred kilobytes, mounted for one test.
struct TinyFolder {
    let path: String

    /// Whether this process may mount one (root, with the capability to mount).
    static let canMount: Bool = {
        guard getuid() == 0, let folder = try? TinyFolder(bytes: 64 << 10) else { return false }
        folder.remove()
        return true
    }()

    init(bytes: Int) throws {
        path = FileManager().temporaryDirectory.appendingPathComponent("docent-tiny-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: path, withIntermediateDirectories: true)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(bytes)") == 0 else {
            try? FileManager().removeItem(atPath: path)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
    }

    func remove() {
        umount2(path, Int32(MNT_DETACH))
        try? FileManager().removeItem(atPath: path)
    }
}
