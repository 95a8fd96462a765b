import DocentTestSupport
import Foundation
import Testing

/// A DocC catalog (`Fixtures/Book.docc`, written the way the Swift book is) builds as it is with `--content`.
@Suite("DocC catalogs as content", .tags(.compiler))
struct DocCCatalogTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// A temporary folder holding a copy of `Book.docc`, changed by `edit` before the build.
    private func catalog(_ edit: (String) throws -> Void = { _ in }) throws -> (folder: String, cleanup: () -> Void) {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-docc-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager().copyItem(atPath: Self.fixtures + "/Book.docc", toPath: folder + "/Book.docc")
        try edit(folder + "/Book.docc")
        return (folder, { try? FileManager().removeItem(atPath: folder) })
    }

    private func page(_ folder: String, _ path: String) throws -> String {
        try String(contentsOfFile: "\(folder)/site/\(path)", encoding: .utf8)
    }

    @Test("the catalog builds: root page as home, doc links with anchors, pictures, asides, no directive text, Topics order")
    func builds() throws {
        let (folder, cleanup) = try catalog()
        defer { cleanup() }
        let result = try DocentBinary.run(["build", "--content", "Book.docc", "--output", "site"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // Every example verifies: the trap on purpose, the errors marked by comments and the overflow are expected
        // failures; the types declared again replace the old ones; every `// Prints` form is checked.
        #expect(result.stdout.contains("Snippets: 20 passed (6 as expected failures), 0 failed"), "\(result.stdout)")
        let chaining = try page(folder, "LanguageGuide/OptionalChaining/index.html")
        #expect(chaining.contains("Traps, as intended"))
        #expect(chaining.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
        #expect(chaining.contains("Unable to retrieve the number of rooms."), "the example after the trap ran")
        #expect(chaining.contains("The number of rooms is 0"), "the extension written later extends the new Residence")
        let generics = try page(folder, "LanguageGuide/Generics/index.html")
        #expect(generics.contains("All items match."), "the Container declared again is the one in force")
        let operators = try page(folder, "LanguageGuide/BasicOperators/index.html")
        #expect(operators.contains("Does not compile, as intended"))
        #expect(operators.contains("Swift still exists 32767"), "later examples see what the marked examples declared")

        let home = try page(folder, "index.html")
        #expect(home.contains("<title>The Swift Book, in Brief</title>"))
        #expect(home.contains("<a class=\"doc-link\" href=\"LanguageGuide/TheBasics/\">The Basics</a>"))
        #expect(home.contains("A short tour of the language"))

        let about = try page(folder, "AboutSwift/index.html")
        #expect(about.contains("<a class=\"doc-link\" href=\"../LanguageGuide/TheBasics/#constants-and-variables\">Constants and Variables</a>"))
        #expect(about.contains("<aside class=\"aside aside-note\" role=\"note\" aria-label=\"Note\">\n<p class=\"aside-label\">Note</p>\n"
                               + "<p>The examples in this book run as they are written.</p>\n</aside>"))

        let basics = try page(folder, "LanguageGuide/TheBasics/index.html")
        #expect(basics.contains("<h2 id=\"access-levels\"><span class=\"heading-alias\" id=\"Access-Levels\"></span>Access Levels"))
        #expect(basics.contains("<img src=\"../../Assets/computedProperties.svg\" alt=\"A computed property, drawn.\" width=\"120\" height=\"60\""))

        let subscripts = try page(folder, "LanguageGuide/Subscripts/index.html")
        #expect(subscripts.contains("<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"../../Assets/subscriptMatrix01~dark@2x.png 2x\">"
                                    + "<img src=\"../../Assets/subscriptMatrix01@2x.png\" srcset=\"../../Assets/subscriptMatrix01@2x.png 2x\" "
                                    + "alt=\"A matrix&#39;s grid and its flat storage.\" width=\"32\" height=\"16\""))
        #expect(FileManager().fileExists(atPath: folder + "/site/Assets/subscriptMatrix01~dark@2x.png"))
        #expect(subscripts.contains("aside aside-deprecated") && subscripts.contains("aside aside-warning"))

        let tour = try page(folder, "GuidedTour/GuidedTour/index.html")
        #expect(tour.contains("<div class=\"docc-small\">") && tour.contains("<code class=\"symbol\">Int</code>"))

        for path in ["index.html", "AboutSwift/index.html", "GuidedTour/GuidedTour/index.html", "LanguageGuide/TheBasics/index.html",
                     "LanguageGuide/Subscripts/index.html"] {
            let html = try page(folder, path)
            for text in ["@Metadata", "@Options", "@Comment", "@Small", "@TechnologyRoot", "never reaches a page", "doc:"] {
                #expect(!html.contains(text), "\(path) shows '\(text)'")
            }
        }
        // Topics order: About Swift, A Swift Tour, The Basics, Basic Operators, Subscripts, Optional Chaining, Generics.
        #expect(tour.contains("rel=\"prev\" href=\"../../AboutSwift/\""))
        #expect(tour.contains("rel=\"next\" href=\"../../LanguageGuide/TheBasics/\""))
        #expect(basics.contains("rel=\"next\" href=\"../../LanguageGuide/BasicOperators/\""))
        #expect(subscripts.contains("rel=\"next\" href=\"../../LanguageGuide/OptionalChaining/\""))
    }

    @Test("an unknown <doc:> link and an image name that matches nothing are errors at their file:line:col")
    func brokenReferences() throws {
        let (folder, cleanup) = try catalog { catalog in
            let path = catalog + "/LanguageGuide/TheBasics.md"
            var text = try String(contentsOfFile: path, encoding: .utf8)
            text += "\nSee <doc:Nope> too.\n\n![A missing picture.](noSuchImage)\n"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        defer { cleanup() }
        let lines = try String(contentsOfFile: folder + "/Book.docc/LanguageGuide/TheBasics.md", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).count
        let result = try DocentBinary.run(["build", "--content", "Book.docc", "--output", "site"], in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("Book.docc/LanguageGuide/TheBasics.md:\(lines - 3):5: error: no article named 'Nope' for '<doc:Nope>'"),
                "\(result.stderr)")
        #expect(result.stderr.contains("Book.docc/LanguageGuide/TheBasics.md:\(lines - 1):23: error: no image named 'noSuchImage' in the content folder"),
                "\(result.stderr)")
    }
}
