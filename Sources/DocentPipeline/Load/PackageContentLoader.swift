import DocentCore
import Foundation

/// The Load stage for a package's documentation sets (``PackageDocumentation``): reads them all as one content
/// folder, the package's, so one pipeline run checks them and one site shows them. Paths stay relative to the
/// package (`Guides/intro.md`, `Sources/Numerics/Numerics.docc/Numerics.md`), so test cases, messages and the
/// files copied into the site name the files as they are.
///
/// ```swift
/// let sets = try PackageDocumentation(fileSystem: fileSystem).discover(in: ".")
/// let content = try PackageContentLoader(fileSystem: fileSystem).load(sets, in: ".")
/// ```
/// The README is read alone (no other file beside it is content); a folder or catalog as a content folder is;
/// each snippet is one article (``SnippetFile``). No `site.yml` or `_support/` is read.
public struct PackageContentLoader: Sendable {
    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Every set's articles and files, in the sets' order; every unreadable file of every set reported at once.
    public func load(_ sets: [DocumentationSet], in package: String) throws -> LoadedContent {
        var content = LoadedContent(articles: [], siteConfig: nil, assets: [], supportSources: [])
        content.directory = package
        content.sets = sets
        var problems: [Diagnostic] = []
        for set in sets {
            do {
                switch set.kind {
                case .readme:
                    content.articles.append(try read(set.path, in: package))
                case .folder, .catalog:
                    let folder = try ContentLoader(fileSystem: fileSystem).load(from: ContentLoader.join(package, set.path))
                    content.articles += folder.articles.map { article in
                        SourceFile(path: article.path, relativePath: set.path + "/" + article.relativePath, text: article.text)
                    }
                    content.assets += folder.assets.map { set.path + "/" + $0 }
                    for (image, size) in folder.imageSizes { content.imageSizes[set.path + "/" + image] = size }
                    content.warnings += folder.warnings
                case .snippets:
                    let listing = try fileSystem.listing(under: ContentLoader.join(package, set.path))
                    content.warnings += listing.skipped.map { ContentLoader.diagnostic(for: $0, in: ContentLoader.join(package, set.path)) }
                    for file in listing.files where file.hasSuffix(".swift") {
                        let source = try read(set.path + "/" + file, in: package)
                        content.articles.append(SourceFile(path: source.path,
                                                           relativePath: set.path + "/" + file.dropLast(".swift".count) + ".md",
                                                           text: SnippetFile.markdown(for: source.text), lineOffset: SnippetFile.lineOffset))
                    }
                }
            } catch {
                problems += DiagnosticError.diagnostics(from: error)
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return content
    }

    /// One UTF-8 text file of the package, named relative to it.
    private func read(_ relative: String, in package: String) throws -> SourceFile {
        let path = ContentLoader.join(package, relative)
        // As a content folder's listing does, a link leading out of the package is not followed (issue 36).
        let here = FileManager().currentDirectoryPath
        guard ResolvedPath.contains(ResolvedPath.resolve(package, from: here).real, ResolvedPath.resolve(path, from: here).real) else {
            throw Diagnostic.linkLeavesPackage(at: path)
        }
        let data: Data
        do { data = try fileSystem.contents(of: path) } catch {
            throw Diagnostic.unreadableFile(error, at: path)
        }
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw Diagnostic.fileNotUTF8(at: ContentLoader.firstInvalidUTF8(in: data, path: path))
        }
        return SourceFile(path: path, relativePath: relative, text: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
    }
}
