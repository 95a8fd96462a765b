import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

@Suite("docent init and docent new", .tags(.compiler))
struct InitAndNewTests {
    private func emptyFolder() throws -> String {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-init-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("in an empty folder, init, new, test and build succeed as created")
    func freshSite() throws {
        let folder = try emptyFolder()
        defer { try? FileManager().removeItem(atPath: folder) }
        for arguments in [["init"], ["new", "A Title"], ["test"], ["build", "--no-search"]] {
            let result = try DocentBinary.run(arguments, in: folder)
            #expect(result.status == 0, "docent \(arguments.joined(separator: " ")): \(result.stdout) \(result.stderr)")
        }
        let files = try FileManager().contentsOfDirectory(atPath: folder).sorted()
        #expect(files == [".docent-cache", ".gitignore", "README.md", "content", "site"])
        #expect(FileManager().fileExists(atPath: folder + "/content/a-title.md"))
        #expect(FileManager().fileExists(atPath: folder + "/site/a-title/index.html"))
        let test = try DocentBinary.run(["test"], in: folder)
        #expect(test.stdout.contains("3 passed, 0 failed"), "\(test.stdout)")
        // Its only list is not "More articles": there is nothing above it to be more than.
        let home = try String(contentsOfFile: folder + "/site/index.html", encoding: .utf8)
        #expect(home.contains("<h2>Articles</h2>"), "\(home)")
        #expect(!home.contains("More articles"))
    }

    @Test("init and new refuse to overwrite, writing nothing and naming the file")
    func refusals() throws {
        let folder = try emptyFolder()
        defer { try? FileManager().removeItem(atPath: folder) }
        try FileManager().createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        try "mine\n".write(toFile: folder + "/README.md", atomically: true, encoding: .utf8)
        let initialise = try DocentBinary.run(["init"], in: folder)
        #expect(initialise.status == 2)
        #expect(initialise.stderr.contains("README.md:1:1: error: refusing to overwrite this file"), "\(initialise.stderr)")
        #expect(try FileManager().contentsOfDirectory(atPath: folder + "/content").isEmpty)
        #expect(try String(contentsOfFile: folder + "/README.md", encoding: .utf8) == "mine\n")

        #expect(try DocentBinary.run(["new", "Twice"], in: folder).status == 0)
        let again = try DocentBinary.run(["new", "Twice"], in: folder)
        #expect(again.status == 2)
        #expect(again.stderr.contains("content/twice.md:1:1: error: refusing to overwrite this file"), "\(again.stderr)")
    }

    @Test("a new article in a series comes next in order and takes the time zone and locale the series shares")
    func series() throws {
        func member(_ order: Int, zone: String, locale: String = "fr_FR") throws -> Article {
            try ContentParser.parseArticle(SourceFile(path: "content/p\(order).md", relativePath: "p\(order).md", text: """
            ---
            title: Part \(order)
            date: 2026-01-0\(order)
            series: Dates
            order: \(order)
            timezone: \(zone)
            locale: \(locale)
            ---
            Text.
            """))
        }
        let today = ArticleDate(year: 2026, month: 11, day: 23)!
        let scaffold = ArticleScaffold(title: "Time zones: the hard part", today: today, series: "Dates")
        #expect(scaffold.relativePath == "time-zones-the-hard-part.md")
        let shared = scaffold.text(existing: [try member(1, zone: "Europe/Paris"), try member(2, zone: "Europe/Paris")])
        #expect(shared.hasPrefix("---\ntitle: \"Time zones: the hard part\"\ndate: 2026-11-23\n"))
        #expect(shared.contains("series: \"Dates\"\norder: 3\ntimezone: Europe/Paris\nlocale: fr_FR\n---\n"))
        let mixed = scaffold.text(existing: [try member(1, zone: "Europe/Paris"), try member(2, zone: "Asia/Tokyo")])
        #expect(!mixed.contains("timezone:") && mixed.contains("locale: fr_FR"))
        let first = ArticleScaffold(title: "Start", today: today, series: "New series").text(existing: [])
        #expect(first.contains("order: 1\n"))
        let parsed = try ContentParser.parseArticle(SourceFile(path: "content/x.md", relativePath: "x.md", text: shared))
        #expect(parsed.frontMatter.order == 3)
        #expect(parsed.frontMatter.title == "Time zones: the hard part")
    }
}
