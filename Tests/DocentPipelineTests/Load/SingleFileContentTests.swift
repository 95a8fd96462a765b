import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

@Suite("One Markdown file as the content")
struct SingleFileContentTests {
    private let readme = "# Numbers\n\nSee ![chart](docs/chart.png).\n"

    @Test("the file is the only article, named as given; its folder's site.yml and files count, other Markdown does not")
    func onlyTheFile() throws {
        let folder = try TemporaryFolder().write([
            "pkg/README.md": readme, "pkg/CHANGELOG.md": "# Changes\n", "pkg/Guides/Intro.md": "# Intro\n",
            "pkg/notes.markdown": "# Notes\n", "pkg/site.yml": "title: Numbers\n", "pkg/docs/chart.png": "png",
            "pkg/Sources/Numbers/Numbers.swift": "public struct N {}\n", "pkg/_support/Field.swift": "public struct F {}\n",
            "pkg/site/index.html": "old", "pkg/site/.docent-site": "", "pkg/site/assets/logo.png": "png",
        ])
        let path = "\(folder.path)/pkg/README.md"
        let content = try ContentLoader(fileSystem: LocalFileSystem()).load(from: path)
        #expect(content.articles.map(\.path) == [path])
        #expect(content.articles.map(\.relativePath) == ["README.md"])
        #expect(content.articles.first?.text == readme)
        #expect(content.siteConfig?.text == "title: Numbers\n")
        #expect(content.supportSources.map(\.relativePath) == ["_support/Field.swift"])
        // The folder's other files are published (links and images resolve), but not a site docent built there.
        #expect(content.assets == ["Sources/Numbers/Numbers.swift", "docs/chart.png"])
    }

    @Test("the path is kept exactly as written, and a .markdown file is an article too")
    func pathAsWritten() throws {
        let folder = try TemporaryFolder().write(["README.markdown": readme])
        let written = "\(folder.path)//README.markdown"
        let content = try ContentLoader(fileSystem: LocalFileSystem()).load(from: written)
        #expect(content.articles.map(\.path) == [written])
        #expect(content.articles.map(\.relativePath) == ["README.markdown"])
        #expect(content.assets.isEmpty)
    }

    @Test("a file that is not Markdown, or a Markdown file that does not exist, is one located error")
    func notContent() throws {
        let folder = try TemporaryFolder().write(["pkg/Package.swift": "// swift-tools-version:5.9\n"])
        let loader = ContentLoader(fileSystem: LocalFileSystem())
        let notMarkdown = diagnostics { _ = try loader.load(from: "\(folder.path)/pkg/Package.swift") }
        #expect(notMarkdown.map(\.id) == [.loadNotMarkdown])
        #expect(notMarkdown.first?.location?.path == "\(folder.path)/pkg/Package.swift")
        let missing = diagnostics { _ = try loader.load(from: "\(folder.path)/pkg/README.md") }
        #expect(missing.map(\.id) == [.loadMarkdownFileNotFound])
    }

    @Test("errors in the file are located at the path as given")
    func locatedErrors() throws {
        let folder = try TemporaryFolder().write(["pkg/README.md": "---\ntitle: T\ndate: someday\n---\n"])
        let path = "\(folder.path)/pkg/README.md"
        let content = try ContentLoader(fileSystem: LocalFileSystem()).load(from: path)
        let found = diagnostics { _ = try ContentParser().parse(content) }
        #expect(found.map { String($0.description.prefix { $0 != "\n" }) }
                    == ["\(path):3:7: error: 'date' must be a day written YYYY-MM-DD, not 'someday'"])
    }
}
