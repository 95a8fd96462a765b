import Foundation
import Testing

/// Runs the built `docent` executable, as a user would, and captures what it says.
struct DocentBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `docent` built beside this test bundle (the test target depends on it, so it is always built).
    static var path: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [Bundle.main.bundleURL.deletingLastPathComponent(), bundle,
                          Bundle.main.bundleURL, bundle.deletingLastPathComponent()]
        for directory in candidates {
            let path = directory.appendingPathComponent("docent").path
            if FileManager().isExecutableFile(atPath: path) { return path }
        }
        return candidates[0].appendingPathComponent("docent").path
    }

    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A copy of a fixture folder plus the repository's templates in a temporary folder.
final class Workspace {
    let path: String

    init(fixture: String, templates: Bool = true) throws {
        path = FileManager().temporaryDirectory.appendingPathComponent("docent-cli-\(UUID().uuidString)").path
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        try FileManager().createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager().copyItem(atPath: here.appendingPathComponent("Fixtures/\(fixture)/content").path,
                                   toPath: path + "/content")
        if templates {
            try FileManager().copyItem(atPath: here.deletingLastPathComponent().deletingLastPathComponent()
                                        .appendingPathComponent("templates").path, toPath: path + "/templates")
        }
    }

    deinit { try? FileManager().removeItem(atPath: path) }

    /// Every file below `relative` with its bytes.
    func snapshot(_ relative: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = "\(path)/\(relative)"
        for case let file as String in FileManager().enumerator(atPath: root) ?? FileManager.DirectoryEnumerator() {
            var isDirectory: ObjCBool = false
            if FileManager().fileExists(atPath: "\(root)/\(file)", isDirectory: &isDirectory), !isDirectory.boolValue {
                files[file] = FileManager().contents(atPath: "\(root)/\(file)")
            }
        }
        return files
    }
}

@Suite("The docent executable")
struct DocentBinaryTests {
    @Test("build writes one page per article plus home, series and tag pages, and exits 0")
    func build() throws {
        let workspace = try Workspace(fixture: "good")
        let result = try DocentBinary.run(["build", "--content", "content", "--output", "out"], in: workspace.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Built 9 pages from 3 articles (3 files copied) into out/ in "))
        #expect(!result.stderr.contains("[1/8] Load"), "the step lines are only for --verbose: \(result.stderr)")
        let pages = Set(workspace.snapshot("out").keys.filter { $0.hasSuffix(".html") })
        #expect(pages == ["index.html", "404.html", "tour/one/index.html", "tour/two/index.html", "solo/index.html",
                          "series/tour/index.html", "tags/index.html", "tags/tour/index.html", "tags/extra/index.html"])
    }

    @Test("in a folder holding only content/, build uses the built-in theme; theme eject writes it out")
    func builtInTheme() throws {
        let workspace = try Workspace(fixture: "good", templates: false)
        let result = try DocentBinary.run(["build", "--no-search"], in: workspace.path)
        #expect(result.status == 0, "\(result.stderr)")
        let site = workspace.snapshot("site")
        #expect(site["assets/style.css"] != nil)
        #expect(site["tour/one/index.html"].map { String(decoding: $0, as: UTF8.self).contains("assets/style.css") } == true)
        let eject = try DocentBinary.run(["theme", "eject"], in: workspace.path)
        #expect(eject.status == 0, "\(eject.stderr)")
        #expect(workspace.snapshot("templates")["layout.mustache"] != nil)
        let again = try DocentBinary.run(["theme", "eject"], in: workspace.path)
        #expect(again.status == 2)
        #expect(again.stderr.contains("error: refusing to overwrite this file"), "\(again.stderr)")
    }

    @Test("a link to a missing #anchor exits 2 with its file:line:column and writes nothing")
    func brokenAnchor() throws {
        let workspace = try Workspace(fixture: "good", templates: false)
        try "---\ntitle: Anchors\ndate: 2026-01-01\n---\n## Real\n\nSee [there](#unreal).\n"
            .write(toFile: workspace.path + "/content/anchors.md", atomically: true, encoding: .utf8)
        let result = try DocentBinary.run(["build", "--no-search"], in: workspace.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("content/anchors.md:7:13: error: no anchor '#unreal' on this page"), "\(result.stderr)")
        #expect(workspace.snapshot("site").isEmpty)
    }

    @Test("broken front matter exits 2 with file:line:col and leaves the previous site byte for byte")
    func brokenFrontMatter() throws {
        let workspace = try Workspace(fixture: "broken")
        let bad = workspace.path + "/content/bad.md"
        let broken = try Data(contentsOf: URL(fileURLWithPath: bad))
        try FileManager().removeItem(atPath: bad)
        let first = try DocentBinary.run(["build"], in: workspace.path)
        #expect(first.status == 0, "\(first.stderr)")
        let before = workspace.snapshot("site")
        #expect(!before.isEmpty)

        try broken.write(to: URL(fileURLWithPath: bad))
        let second = try DocentBinary.run(["build"], in: workspace.path)
        #expect(second.status == 2)
        #expect(second.stderr.contains("content/bad.md:5:1: error: invalid YAML"), "\(second.stderr)")
        #expect(workspace.snapshot("site") == before)
        #expect(try FileManager().contentsOfDirectory(atPath: workspace.path).sorted() == ["content", "site", "templates"])
    }

    @Test("--help and --version exit 0; a bad option exits 2", arguments: [
        (["--help"], Int32(0), "USAGE: docent"), (["--version"], 0, "0.1.0"), (["build", "--help"], 0, "--output"),
        (["build", "--colour"], 2, "Unknown option '--colour'"), (["frobnicate"], 2, "Unexpected argument"),
    ])
    func usage(arguments: [String], status: Int32, text: String) throws {
        let result = try DocentBinary.run(arguments, in: FileManager().temporaryDirectory.path)
        #expect(result.status == status)
        #expect((result.stdout + result.stderr).contains(text), "\(result.stdout)\(result.stderr)")
    }

    @Test("a missing content folder exits 2 and says how to fix it")
    func missingContent() throws {
        let result = try DocentBinary.run(["build", "--content", "nowhere"], in: FileManager().temporaryDirectory.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("nowhere:1:1: error: content folder not found"))
    }
}
