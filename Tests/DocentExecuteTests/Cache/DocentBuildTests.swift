import DocentCore
import Foundation
import Testing
@testable import DocentExecute

/// Docent's build identity names its execution code: the digest made at build time is the digest of the files of
/// `Sources/DocentExecute` and `Sources/PlaygroundRuntime` as they are, so editing any of them gives
/// another identity, and with it other cache keys (`ExecuteCacheTests` shows a changed identity runs again).
@Suite struct DocentBuildTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift files of `folder`, relative to the package and in byte order, as the build-tool plugin lists them
    /// (regular files only: a link such as Execute's `RuntimeContract.swift` is digested where it lives).
    static func swiftFiles(in folder: String) throws -> [String] {
        let root = packageRoot.appendingPathComponent(folder)
        let walker = try #require(FileManager().enumerator(atPath: root.path))
        var found: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") && !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var status = stat()
            guard lstat(root.appendingPathComponent(relative).path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            found.append("\(folder)/\(relative)")
        }
        return found.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    @Test func theIdentityIsTheDigestOfTheExecutionCodeAsItIsOnDisk() throws {
        var message: [UInt8] = []
        var count = 0
        for folder in ["Sources/DocentExecute", "Sources/PlaygroundRuntime"] {
            for path in try Self.swiftFiles(in: folder) {
                let bytes = [UInt8](try Data(contentsOf: Self.packageRoot.appendingPathComponent(path)))
                message += Array(path.utf8) + [0] + Array(String(bytes.count).utf8) + [0] + bytes
                count += 1
            }
        }
        #expect(count > 60, "the execution code is the Execute stage and the runtime: \(count) files found")
        #expect(EmbeddedFiles.executionCode == SHA256.hex(message))
        #expect(DocentBuild.identity == "\(DocentBuild.version)+\(SHA256.hex(message).prefix(16))")
    }

    @Test func everyPlanIsKeyedOnTheIdentity() {
        let context = PlanContext(settings: ExecutionSettings(), fingerprints: ToolchainFingerprints(compiler: "c", runtime: "r", support: nil),
                                  supportModule: nil)
        #expect(context.docentVersion == DocentBuild.identity)
    }
}
