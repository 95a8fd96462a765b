import Foundation
import Testing
@testable import DocentCLI

/// Issue 33: `--format github`, and `GITHUB_ACTIONS=true`, print failures as workflow annotations; other formats are
/// refused. The cases here need no compiler: an input error is annotated like a failing snippet.
@Suite("docent test --format")
struct FormatOptionTests {
    private func folder(_ article: String) throws -> String {
        let path = FileManager().temporaryDirectory.appendingPathComponent("docent-format-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: path, withIntermediateDirectories: true)
        try article.write(toFile: "\(path)/a.md", atomically: true, encoding: .utf8)
        return path
    }

    @Test("an unknown --format is refused with exit 2, naming the formats")
    func unknownFormat() throws {
        let root = try folder("# A\n")
        defer { try? FileManager().removeItem(atPath: root) }
        let run = try DocentBinary.run(["test", "a.md", "--format", "xml"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("'xml'") && run.stderr.contains("github"), "\(run.stderr)")
    }

    @Test("GITHUB_ACTIONS=true annotates an error at its Markdown line; --format text turns it off")
    func githubActions() throws {
        let root = try folder("# A\n\n```swift bogus\nprint(1)\n```\n")
        defer { try? FileManager().removeItem(atPath: root) }
        let run = try DocentBinary.run(["test", "a.md"], in: root, environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/"])
        #expect(run.status == 2)
        let annotation = run.stdout.split(separator: "\n").first { $0.hasPrefix("::error ") }
        let path = URL(fileURLWithPath: root).resolvingSymlinksInPath().path.dropFirst()
        #expect(annotation?.hasPrefix("::error file=\(path)/a.md,line=3,col=10,title=docent test::unknown snippet attribute 'bogus'") == true,
                "\(run.stdout)")
        let plain = try DocentBinary.run(["test", "a.md", "--format", "text"], in: root, environment: ["GITHUB_ACTIONS": "true"])
        #expect(plain.status == 2)
        #expect(!plain.stdout.contains("::error"), "\(plain.stdout)")
        let explicit = try DocentBinary.run(["test", "a.md", "--format", "github"], in: root, environment: ["GITHUB_ACTIONS": ""])
        #expect(explicit.stdout.contains("::error file=a.md,line=3,col=10,"), "\(explicit.stdout)")
    }

    @Test("a path below GITHUB_WORKSPACE is made relative to it; one outside is left as printed")
    func repositoryPath() {
        #expect(FormatOptions.repositoryPath("README.md", workspace: "/repo", in: "/repo/pkg") == "pkg/README.md")
        #expect(FormatOptions.repositoryPath("README.md", workspace: "/other", in: "/repo") == "README.md")
        #expect(FormatOptions.repositoryPath("README.md", workspace: nil, in: "/repo") == "README.md")
    }
}
