import DocentTestSupport
import Foundation
import Testing

@Suite("docent test, run as a user would", .tags(.compiler))
struct DocentTestCommandTests {
    @Test("a stale output block fails with exit 1, JUnit is written, and --update fixes only that block")
    func staleOutput() throws {
        let workspace = try Workspace(fixture: "snippets")
        let article = workspace.path + "/content/checks.md"
        let original = try String(contentsOfFile: article, encoding: .utf8)

        let first = try DocentBinary.run(["test", "--junit", "report.xml"], in: workspace.path)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stdout.contains("content/checks.md:19"), "\(first.stdout)")
        #expect(first.stdout.contains("old text") && first.stdout.contains("new text"))
        #expect(first.stdout.hasSuffix("1 passed, 1 failed, 1 skipped\n"), "\(first.stdout)")
        let junit = try String(contentsOfFile: workspace.path + "/report.xml", encoding: .utf8)
        #expect(junit.contains("<testcase") && junit.contains("<failure"))

        let update = try DocentBinary.run(["test", "--update"], in: workspace.path)
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        let updated = try String(contentsOfFile: article, encoding: .utf8)
        #expect(updated == original.replacingOccurrences(of: "```output\nold text\n```", with: "```output\nnew text\n```"))

        let again = try DocentBinary.run(["test"], in: workspace.path)
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("2 passed, 0 failed, 1 skipped\n"), "\(again.stdout)")
    }

    @Test("build still writes the site when a snippet fails, marks it, and exits 1")
    func buildWithFailure() throws {
        let workspace = try Workspace(fixture: "snippets")
        let result = try DocentBinary.run(["build"], in: workspace.path)
        #expect(result.status == 1, "\(result.stderr)")
        let page = try String(contentsOfFile: workspace.path + "/site/checks/index.html", encoding: .utf8)
        #expect(page.contains("data-status=\"failed\" data-source=\"content/checks.md:19\""))
        #expect(page.contains("data-status=\"passed\" data-source=\"content/checks.md:8\""))
        #expect(page.contains("data-status=\"ignored\""))
        #expect(page.contains("<span class=\"results\" data-line=\"9\" data-pagefind-ignore><span class=\"result\" data-column=\"5\">4</span></span>"))
    }

    @Test("a compiler that cannot be used is one error and exit 3 (the machine's fault), never a failure of every snippet", arguments: [
        "/nonexistent/swiftc", "/bin/false",
    ])
    func unusableCompiler(swiftc: String) throws {
        let workspace = try Workspace(fixture: "snippets")
        let result = try DocentBinary.run(["test"], in: workspace.path, environment: ["SWIFTC": swiftc])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        let errors = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains(swiftc) == true, "\(errors)")
        #expect(!result.stdout.contains("does not compile"))
    }
}
