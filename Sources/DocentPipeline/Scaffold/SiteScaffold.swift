import DocentCore
import Foundation

/// The files of a new site (`docent init`): `content/site.yml`, a first article whose snippet runs and whose
/// `output` block matches what it prints, a `.gitignore` for the built site and the cache, and a README for the
/// author. The theme is the built-in one.
public struct SiteScaffold: Sendable {
    public var title: String
    public var today: ArticleDate

    public init(title: String, today: ArticleDate) {
        self.title = title
        self.today = today
    }

    /// Relative path → text.
    public var files: [(path: String, text: String)] {
        [
            ("content/site.yml", """
            title: \(Self.yamlQuoted(title))
            # The address the site is published at: canonical links, the feed and the sitemap need it.
            base-url: https://example.org/
            language: en

            """),
            ("content/hello-docent.md", """
            ---
            title: Hello, Docent
            date: \(today)
            summary: A first article whose code is compiled and run every time the site is built.
            timezone: UTC
            locale: en_US_POSIX
            ---

            Every Swift code block in an article is compiled and run; the value of each line appears beside it.
            An `output` block right after a snippet is what it must print, and `docent test` fails when it does not:

            ```swift
            let greeting = "Hello"
            let names = ["Ada", "Grace", "Linus"]
            for name in names {
                print("\\(greeting), \\(name)!")
            }
            ```

            ```output
            Hello, Ada!
            Hello, Grace!
            Hello, Linus!
            ```

            A comment like `// => 3` states a line's value, and is checked too:

            ```swift
            names.count // => 3
            ```

            """),
            (".gitignore", """
            /site/
            .docent-cache/

            """),
            ("README.md", """
            # \(title)

            Articles are Markdown files in `content/`; their Swift code is compiled and run by
            [Docent](https://github.com/docent) every time the site is built.

            - `docent serve` builds the site, serves it at http://127.0.0.1:8080/ and rebuilds and reloads the page
              whenever you save.
            - `docent new "A Title"` starts a new article (`--series NAME` puts it at the end of a series).
            - `docent test` runs every snippet and checks what it prints, like a test suite (for CI).
            - `docent build` writes the site into `site/`.
            - `docent theme eject` copies the built-in theme into `templates/` to customise it.

            """),
        ]
    }

    /// Writes the files below `directory`; refuses, writing nothing, when any of them exists.
    @discardableResult
    public func write(into directory: String, fileSystem: any FileSystem) throws -> [String] {
        try fileSystem.writeNewFiles(files.map { ($0.path, Data($0.text.utf8)) }, into: directory, more: "of the new site's files",
                                     advice: "move it away, or choose another folder")
    }

    /// A YAML double-quoted scalar.
    static func yamlQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
