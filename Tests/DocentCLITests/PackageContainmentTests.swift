import DocentTestSupport
import Foundation
import Testing

/// What docent does around the sandbox, as root as CI is, with a package and a checkout a pull request controls:
/// it never writes, chowns or reads through a link the package planted or committed, keeps private files private,
/// and never writes its result cache through a committed `.docent-cache` link.
@Suite("docent test --package: links and private files", .tags(.compiler))
struct PackageContainmentTests {
    /// A folder for one test: the package (or checkout) in `work`, a root-only folder `victim` holding a `0600`
    /// `secret`, and the temporary folder docent is given.
    final class Scene {
        let root = FileManager().temporaryDirectory.appendingPathComponent("docent-containment-\(UUID().uuidString)").path
        var work: String { root + "/work" }
        var victim: String { root + "/victim" }
        var secret: String { victim + "/secret" }
        var temporary: String { root + "/tmp" }

        init() throws {
            for folder in [work, victim, temporary] {
                try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            _ = chmod(root, 0o755)
            _ = chmod(temporary, 0o755)
            _ = chmod(victim, 0o700)
            try write("the host's secret", to: secret)
            _ = chmod(secret, 0o600)
        }

        deinit { try? FileManager().removeItem(atPath: root) }

        func write(_ text: String, to path: String, mode: mode_t = 0o644) throws {
            try FileManager().createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                              withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            _ = chmod(path, mode)
        }

        func status(_ path: String) -> stat {
            var status = stat()
            _ = lstat(path, &status)
            return status
        }

        /// The victim folder holds only the secret, still its owner's, with its mode.
        func expectVictimUntouched(_ before: stat, _ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let after = status(secret)
            #expect((try? FileManager().contentsOfDirectory(atPath: victim)) == ["secret"], "\(output)", sourceLocation: sourceLocation)
            #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid, "the secret changed owner", sourceLocation: sourceLocation)
            #expect(after.st_mode == before.st_mode, sourceLocation: sourceLocation)
        }

        func run(_ arguments: [String]) throws -> DocentBinary.Result {
            try DocentBinary.run(arguments, in: work, environment: ["TMPDIR": temporary])
        }

        /// The package's work folder docent made under the temporary folder.
        func workFolder() throws -> String {
            let names = try FileManager().contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix("docent-package-") }
            try #require(names.count == 1, "\(names)")
            return temporary + "/" + names[0]
        }
    }

    private static let readme = """
        # Package

        ```swift
        print(answer())
        // Prints "42"
        ```
        """

    @Test("links the manifest plants in the wrapper folder are never written or chowned through")
    func plantedLinksInTheWrapper() throws {
        let scene = try Scene()
        let before = scene.status(scene.secret)
        try scene.write("""
            // swift-tools-version:5.9
            import PackageDescription
            import Foundation

            // Runs sandboxed during `swift package describe`, with the work folder writable: it plants links in
            // the wrapper folder docent then writes as root.
            let copy = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            for work in [copy.deletingLastPathComponent().path, FileManager.default.currentDirectoryPath] {
                for (name, destination) in [("Package.swift", "\(scene.victim)/written"), ("Sources", "\(scene.victim)"),
                                            ("Package.resolved", "\(scene.secret)"), ("owned", "\(scene.secret)")] {
                    try? FileManager.default.createSymbolicLink(atPath: work + "/wrapper/" + name, withDestinationPath: destination)
                }
            }
            let package = Package(
                name: "Planter",
                products: [.library(name: "Planter", targets: ["Planter"])],
                targets: [.target(name: "Planter")]
            )
            """, to: scene.work + "/Package.swift")
        try scene.write("public func answer() -> Int { 42 }\n", to: scene.work + "/Sources/Planter/Planter.swift")
        try scene.write(Self.readme, to: scene.work + "/README.md")
        let result = try scene.run(["test", "README.md", "--package", "."])
        scene.expectVictimUntouched(before, result.stdout + result.stderr)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test("a committed Package.resolved link to a root-only file is refused at the link, and the file keeps its owner")
    func committedPinsLink() throws {
        let scene = try Scene()
        let before = scene.status(scene.secret)
        try scene.write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Pins", products: [.library(name: "Pins", targets: ["Pins"])], targets: [.target(name: "Pins")])
            """, to: scene.work + "/Package.swift")
        try scene.write("public func answer() -> Int { 42 }\n", to: scene.work + "/Sources/Pins/Pins.swift")
        try scene.write(Self.readme, to: scene.work + "/README.md")
        try FileManager().createSymbolicLink(atPath: scene.work + "/Package.resolved", withDestinationPath: scene.secret)
        let result = try scene.run(["test", "README.md", "--package", "."])
        let output = result.stdout + result.stderr
        scene.expectVictimUntouched(before, output)
        #expect(result.status == 2, "\(output)")
        let errors = output.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(errors.count == 1 && errors.first?.hasPrefix("Package.resolved:1:1: error: Package.resolved is a symbolic link") == true,
                "\(output)")
        #expect(errors.first?.contains("symbolic link to \(scene.secret)") == true, "\(output)")
    }

    @Test("a 0600 file of the package stays 0600 in a work folder others cannot enter, and the sandbox still builds from it")
    func privateFilesStayPrivate() throws {
        let scene = try Scene()
        try scene.write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Private", products: [.library(name: "Private", targets: ["Private"])],
                                  targets: [.target(name: "Private")])
            """, to: scene.work + "/Package.swift", mode: 0o600)
        try scene.write("public func answer() -> Int { 42 }\n", to: scene.work + "/Sources/Private/Private.swift", mode: 0o600)
        try scene.write("token=hunter2\n", to: scene.work + "/credentials.txt", mode: 0o600)
        try scene.write(Self.readme, to: scene.work + "/README.md")
        let result = try scene.run(["test", "README.md", "--package", "."])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let work = try scene.workFolder()
        let copy = work + "/documented-package"
        #expect(scene.status(work).st_mode & 0o007 == 0, "others may enter the work folder")
        #expect(scene.status(copy + "/credentials.txt").st_mode & 0o777 == 0o600)
        #expect(scene.status(copy + "/Sources/Private/Private.swift").st_mode & 0o777 == 0o600)
        #expect(scene.status(copy + "/README.md").st_mode & 0o777 == 0o644, "modes are kept, not only narrowed")
    }

    @Test("what an earlier run's sandbox changed in the package's copy is not built by the next run")
    func theCopyIsNotTrustedAcrossRuns() throws {
        let scene = try Scene()
        try scene.write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Kept", products: [.library(name: "Kept", targets: ["Kept"])], targets: [.target(name: "Kept")])
            """, to: scene.work + "/Package.swift")
        try scene.write("public func answer() -> Int { 42 }\n", to: scene.work + "/Sources/Kept/Kept.swift")
        try scene.write(Self.readme, to: scene.work + "/README.md")
        let first = try scene.run(["test", "README.md", "--package", "."])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")

        // As the sandboxed build could: the copy's source changed in place, its size and time kept, the build gone.
        let work = try scene.workFolder()
        let source = work + "/documented-package/Sources/Kept/Kept.swift"
        var times = [scene.status(source).st_atim, scene.status(source).st_mtim]
        try Data("public func answer() -> Int { 41 }\n".utf8).write(to: URL(fileURLWithPath: source))
        _ = utimensat(AT_FDCWD, source, &times, 0)
        try FileManager().removeItem(atPath: work + "/build")
        try scene.write(Self.readme + "\nProse.\n", to: scene.work + "/README.md")
        let second = try scene.run(["test", "README.md", "--package", "."])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.hasSuffix("1 passed, 0 failed\n"), "\(second.stdout)")
    }

    @Test("a committed .docent-cache link is an error naming where it leads, and nothing is written there")
    func committedCacheLink() throws {
        let scene = try Scene()
        let outside = scene.victim + "/cache"
        try FileManager().createDirectory(atPath: outside, withIntermediateDirectories: true)
        try scene.write("""
            # Cached

            ```swift
            print(1 + 1)
            // Prints "2"
            ```
            """, to: scene.work + "/content/cached.md")
        try FileManager().createSymbolicLink(atPath: scene.work + "/.docent-cache", withDestinationPath: outside)
        let result = try scene.run(["test", "--content", "content"])
        let output = result.stdout + result.stderr
        #expect(try FileManager().contentsOfDirectory(atPath: outside).isEmpty, "\(output)")
        #expect(result.status == 2, "\(output)")
        // The root folders are checked first (`RootFolder`); the cache itself refuses a link too (NoFollowFilesTests).
        #expect(output.contains("\(scene.work)/.docent-cache:1:1: error: "), "\(output)")
        #expect(output.contains("symbolic link leading out of the folder docent runs in"), "\(output)")
        #expect(output.contains("to '\(outside)'"), "\(output)")
    }
}
