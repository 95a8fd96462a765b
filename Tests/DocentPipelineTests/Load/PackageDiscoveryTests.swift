import DocentCore
import Foundation
import Testing
@testable import DocentPipeline

/// Issue 33: a package's documentation sets found without `--content`, read as one content folder, and arranged as
/// one site (the README the home page, each catalog its own section), with SwiftPM snippets as articles.
@Suite("Package documentation discovery")
struct PackageDiscoveryTests {
    private let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n"

    @Test("every set is found, in order: README, Guides/, Documentation/, each Sources/*/*.docc, Snippets/")
    func findsEverySet() throws {
        let folder = try TemporaryFolder().write([
            "Package.swift": manifest, "README.md": "# P\n", "Guides/a.md": "# A\n", "Documentation/b.md": "# B\n",
            "Sources/Two/Two.docc/Two.md": "# Two\n", "Sources/One/One.docc/One.md": "# One\n",
            "Sources/One/One.swift": "", "Snippets/Group/Hello.swift": "print(1)\n", "Tests/x.md": "# not docs\n",
        ])
        let sets = try PackageDocumentation(fileSystem: LocalFileSystem()).discover(in: folder.path)
        #expect(sets == [DocumentationSet(kind: .readme, path: "README.md"), DocumentationSet(kind: .folder, path: "Guides"),
                         DocumentationSet(kind: .folder, path: "Documentation"),
                         DocumentationSet(kind: .catalog, path: "Sources/One/One.docc"),
                         DocumentationSet(kind: .catalog, path: "Sources/Two/Two.docc"),
                         DocumentationSet(kind: .snippets, path: "Snippets")])
    }

    @Test("a folder without Package.swift is an error at the folder naming the manifest looked for")
    func noManifest() throws {
        let folder = try TemporaryFolder().write(["README.md": "# P\n"])
        let found = diagnostics { _ = try PackageDocumentation(fileSystem: LocalFileSystem()).discover(in: folder.path) }
        #expect(found.map(\.location) == [SourceLocation(path: folder.path)])
        #expect(found.map(\.id) == [.loadNotAPackage], "\(found)")
    }

    @Test("a package with no documentation is an error naming every place looked in")
    func noDocumentation() throws {
        let folder = try TemporaryFolder().write(["Package.swift": manifest, "Sources/P/P.swift": ""])
        let found = diagnostics { _ = try PackageDocumentation(fileSystem: LocalFileSystem()).discover(in: folder.path) }
        #expect(found.count == 1)
        #expect(found.first?.notes.first?.contains("Sources/*/*.docc") == true, "\(found)")
    }

    @Test("a snippet is one Swift block; hidden regions and their markers are compiled but hidden; lines keep their numbers")
    func snippetMarkdown() throws {
        let source = "import P\n// snippet.hide\nlet who = 1\n\n// snippet.show\nprint(who) // ```\n"
        let markdown = SnippetFile.markdown(for: source)
        #expect(markdown == "````swift\nimport P\n// snippet.hide\nlet who = 1\n\n// snippet.show\nprint(who) // ```\n````\n")
        #expect(SnippetFile.visibleCode(of: source) == "import P\nprint(who) // ```\n")

        let folder = try TemporaryFolder().write(["Package.swift": manifest, "Snippets/Hello.swift": source])
        let sets = try PackageDocumentation(fileSystem: LocalFileSystem()).discover(in: folder.path)
        let content = try PackageContentLoader(fileSystem: LocalFileSystem()).load(sets, in: folder.path)
        let site = try ContentParser(includeDrafts: true).parse(content)
        let snippets = try SnippetExtractor().extract(site.articles[0])
        #expect(snippets.count == 1)
        #expect(snippets[0].name == "\(folder.path)/Snippets/Hello.swift")
        #expect(snippets[0].lines.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(snippets[0].lines.map(\.isHidden) == [false, true, true, true, true, false])
        #expect(snippets[0].compiledCode == "import P\n// snippet.hide\nlet who = 1\n\n// snippet.show\nprint(who) // ```")
    }

    @Test("one site: the README is the home page naming the site, each catalog root its section's page, no second-root error")
    func oneSite() throws {
        let root = "@Metadata {\n  @TechnologyRoot\n}\n"
        let folder = try TemporaryFolder().write([
            "Package.swift": manifest, "README.md": "# The P package\n", "Guides/intro.md": "# Intro\n",
            "Sources/One/One.docc/One.md": "# One\n\n\(root)\n## Topics\n\n- <doc:Usage>\n", "Sources/One/One.docc/Usage.md": "# Usage\n",
            "Sources/One/One.docc/logo.png": "not really", "Sources/Two/Two.docc/Two.md": "# Two\n\n\(root)",
        ])
        let sets = try PackageDocumentation(fileSystem: LocalFileSystem()).discover(in: folder.path)
        let content = try PackageContentLoader(fileSystem: LocalFileSystem()).load(sets, in: folder.path)
        #expect(content.assets == ["Sources/One/One.docc/logo.png"])
        let site = try ContentParser(includeDrafts: true).parse(content)
        let pages = Dictionary(uniqueKeysWithValues: site.articles.map { ($0.relativePath, $0.urlPath) })
        #expect(pages == ["README.md": "", "Guides/intro.md": "Guides/intro/",
                          "Sources/One/One.docc/One.md": "Sources/One/One.docc/", "Sources/One/One.docc/Usage.md": "Sources/One/One.docc/Usage/",
                          "Sources/Two/Two.docc/Two.md": "Sources/Two/Two.docc/"])
        #expect(site.config.title == "The P package")
        #expect(site.articles.filter(\.docc.isTechnologyRoot).map(\.relativePath) == ["README.md"])
        #expect(site.articles.first { $0.relativePath.hasSuffix("Usage.md") }?.frontMatter.series == "One")
    }

    @Test("a README that is a link leading out of the package is not read")
    func readmeLinkOut() throws {
        let outside = try TemporaryFolder().write(["secret.md": "# secret\n"])
        let folder = try TemporaryFolder().write(["Package.swift": manifest])
        try FileManager().createSymbolicLink(atPath: "\(folder.path)/README.md", withDestinationPath: "\(outside.path)/secret.md")
        let sets = try PackageDocumentation(fileSystem: LocalFileSystem()).discover(in: folder.path)
        let found = diagnostics { _ = try PackageContentLoader(fileSystem: LocalFileSystem()).load(sets, in: folder.path) }
        #expect(found.map(\.location) == [SourceLocation(path: "\(folder.path)/README.md")])
    }
}
