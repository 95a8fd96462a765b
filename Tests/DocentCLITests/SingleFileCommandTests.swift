import DocentTestSupport
import Foundation
import Testing

@Suite("docent test and build on one Markdown file", .tags(.compiler))
struct SingleFileCommandTests {
    @Test("docent test README.md checks that file alone, with its folder's site.yml, and names it as given")
    func testReadme() throws {
        let workspace = try Workspace(fixture: "readme", templates: false)
        let folder = workspace.path + "/content"
        let result = try DocentBinary.run(["test", "README.md", "--no-cache"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"), "\(result.stdout)")
        #expect((result.stdout + result.stderr).contains("README.md"))
        #expect(!result.stdout.contains("Broken.md"), "\(result.stdout)")

        // Without site.yml's `imports:`, the second snippet fails, located at the path as given.
        try FileManager().removeItem(atPath: folder + "/site.yml")
        let failing = try DocentBinary.run(["test", "--content", "README.md", "--no-cache"], in: folder)
        #expect(failing.status == 1, "\(failing.stdout)\(failing.stderr)")
        #expect(failing.stdout.contains("README.md:11:12: error: cannot find 'URL' in scope\n"), "\(failing.stdout)")
    }

    @Test("docent build README.md writes that one article's page, with the images it shows")
    func buildReadme() throws {
        let workspace = try Workspace(fixture: "readme", templates: false)
        let folder = workspace.path + "/content"
        let result = try DocentBinary.run(["build", "README.md", "--no-cache", "--no-search"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("from 1 articles"), "\(result.stdout)")
        let page = try String(contentsOfFile: folder + "/site/README/index.html", encoding: .utf8)
        #expect(page.contains("data-status=\"passed\" data-source=\"README.md:10\""), "\(page.prefix(400))")
        #expect(FileManager().fileExists(atPath: folder + "/site/docs/chart.svg"))
        #expect(!FileManager().fileExists(atPath: folder + "/site/Guides"))
        // Built again, the site beside the file is not taken for content.
        let again = try DocentBinary.run(["build", "README.md", "--no-cache", "--no-search"], in: folder)
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(!FileManager().fileExists(atPath: folder + "/site/site"))
    }

    @Test("a path that can be no content is a usage error naming it", arguments: [
        (["test", "Missing.md"], "no such Markdown file: 'Missing.md'"),
        (["build", "site.yml"], "'site.yml' is neither a folder of articles nor a Markdown file (.md or .markdown)"),
        (["test", "README.md", "--content", "."], "give the content once: 'README.md' or --content ., not both"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let workspace = try Workspace(fixture: "readme", templates: false)
        let result = try DocentBinary.run(arguments, in: workspace.path + "/content")
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
