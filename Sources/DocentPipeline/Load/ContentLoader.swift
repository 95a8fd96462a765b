import DocentCore
import Foundation

/// The Load stage for content: reads the content folder into ``LoadedContent``.
///
/// ```swift
/// let content = try ContentLoader(fileSystem: LocalFileSystem()).load(from: "content")
/// ```
///
/// Files and folders whose names start with `_` or `.` are private to the author (drafts of assets,
/// the support module) and are never published.
public struct ContentLoader: Sendable {
    public static let siteConfigName = "site.yml"
    public static let supportFolder = "_support"

    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Whether `path` names one Markdown file (`README.md`, `notes.markdown`) to read as the whole content.
    public static func isMarkdownFile(_ path: String) -> Bool {
        path.hasSuffix(".md") || path.hasSuffix(".markdown")
    }

    /// Reads `path`: a content folder, or one Markdown file (see ``load(file:)``). Every file that is not UTF-8, and
    /// every article whose name is not, is reported at once. Other files left out (a link leading out of the folder,
    /// an asset whose name is not UTF-8) are warnings.
    public func load(from path: String) throws -> LoadedContent {
        if fileSystem.fileExists(path) { return try load(file: path) }
        if Self.isMarkdownFile(path), !fileSystem.directoryExists(path) {
            throw DiagnosticError([.markdownFileNotFound(at: path)])
        }
        return try load(folder: path, onlyArticle: nil)
    }

    /// One Markdown file as the whole content, as a package's README is checked: the folder it is in is the content
    /// folder (its `site.yml`, `_support/` and other files — images the file shows — count as usual), but no other
    /// Markdown file there is read or published. The article keeps the path as given (`README.md`), so messages
    /// name it as the user did.
    public func load(file path: String) throws -> LoadedContent {
        guard Self.isMarkdownFile(path) else {
            throw DiagnosticError([.notMarkdown(at: path)])
        }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let name = String(components.last ?? Substring(path))
        let folder = components.count > 1 ? components.dropLast().joined(separator: "/") : "."
        let directory = folder.isEmpty ? "/" : folder
        var content = try load(folder: directory, onlyArticle: name)
        content.articles = content.articles.map { SourceFile(path: path, relativePath: $0.relativePath, text: $0.text) }
        // The site is usually built beside the file (`site/` next to README.md): a folder docent built is no content.
        var built: [String: Bool] = [:]
        content.assets.removeAll { asset in
            var parents = asset.split(separator: "/").dropLast().map(String.init)
            while !parents.isEmpty {
                let parent = parents.joined(separator: "/")
                let isSite = built[parent] ?? fileSystem.fileExists(Self.join(directory, parent + "/" + SiteWriter.marker))
                built[parent] = isSite
                if isSite { return true }
                parents.removeLast()
            }
            return false
        }
        content.imageSizes = content.imageSizes.filter { content.assets.contains($0.key) }
        return content
    }

    /// Reads a folder; with `onlyArticle` (a file name at its top), that file is the only article and every other
    /// Markdown file is left out unread.
    private func load(folder directory: String, onlyArticle: String?) throws -> LoadedContent {
        guard fileSystem.directoryExists(directory) else {
            throw DiagnosticError([.contentFolderNotFound(at: directory)])
        }
        var articles: [SourceFile] = []
        var supportSources: [SourceFile] = []
        var assets: [String] = []
        var siteConfig: SourceFile?
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []

        let listing = try fileSystem.listing(under: directory)
        for skipped in listing.skipped {
            let diagnostic = Self.diagnostic(for: skipped, in: directory)
            if diagnostic.severity == .error { problems.append(diagnostic) } else { warnings.append(diagnostic) }
        }
        for relative in listing.files {
            let path = Self.join(directory, relative)
            let components = relative.split(separator: "/")
            if components.first == Substring(Self.supportFolder) {
                if relative.hasSuffix(".swift") {
                    do { supportSources.append(try readText(path, relative)) } catch let error as Diagnostic { problems.append(error) }
                }
                continue
            }
            if components.contains(where: { $0.hasPrefix("_") }) { continue }
            do {
                if relative == Self.siteConfigName {
                    siteConfig = try readText(path, relative)
                } else if let onlyArticle {
                    if relative == onlyArticle {
                        articles.append(try readText(path, relative))
                    } else if !Self.isMarkdownFile(relative) {
                        assets.append(relative)
                    }
                } else if relative.hasSuffix(".md") {
                    articles.append(try readText(path, relative))
                } else {
                    assets.append(relative)
                }
            } catch let diagnostic as Diagnostic {
                problems.append(diagnostic)
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        var content = LoadedContent(articles: articles, siteConfig: siteConfig, assets: assets, supportSources: supportSources,
                                    warnings: warnings)
        content.directory = directory
        // DocC catalogs refer to images by name and show them at their 1× size, read from the file's header.
        for asset in assets where ImageCatalog.isImage(asset) {
            let data = try? fileSystem.contents(of: Self.join(directory, asset))
            content.imageSizes[asset] = data.flatMap { ImageHeader.size(of: $0, path: asset) }
        }
        return content
    }

    /// An article whose name is not UTF-8 and a folder that cannot be read are errors (the site would lack them);
    /// anything else left out (a link that leaves the folder, leads nowhere or loops; an asset's odd name), a warning.
    static func diagnostic(for skipped: FolderListing.Skipped, in directory: String) -> Diagnostic {
        let location = SourceLocation(path: join(directory, skipped.path))
        switch skipped.reason {
        case .nameNotUTF8 where skipped.path.hasSuffix(".md"):
            return .articleNameNotUTF8(at: location)
        case .nameNotUTF8:
            return .fileNameNotUTF8(at: location)
        case .linkLeavesFolder(let target):
            return .linkLeavesContent(to: target, at: location)
        case .linkLeadsNowhere(let destination):
            return .linkLeadsNowhere(to: destination, at: location)
        case .linkLoops(let target):
            return .linkLoops(to: target, at: location)
        case .unreadable(let why):
            return .folderUnreadable(why, at: location)
        }
    }

    private func readText(_ path: String, _ relative: String) throws -> SourceFile {
        let data = try fileSystem.contents(of: path)
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw Diagnostic.fileNotUTF8(at: Self.firstInvalidUTF8(in: data, path: path))
        }
        // A byte-order mark is invisible to the author; drop it so front matter is still recognised.
        let clean = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        return SourceFile(path: path, relativePath: relative, text: clean)
    }

    /// Joins a folder and a relative path without doubling or adding `./`.
    public static func join(_ directory: String, _ relative: String) -> String {
        if directory.isEmpty || directory == "." { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// The line and column of the first byte that breaks UTF-8, so the author can find it.
    static func firstInvalidUTF8(in data: Data, path: String) -> SourceLocation {
        let bytes = [UInt8](data)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            let valid = length > 0 && index + length <= bytes.count
                && bytes[(index + 1)..<(index + length)].allSatisfy { $0 & 0xC0 == 0x80 }
                && String(bytes: bytes[index..<(index + length)], encoding: .utf8) != nil
            if !valid {
                let column = index - lineStart + 1
                return SourceLocation(path: path, line: line, column: column)
            }
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += length
        }
        return SourceLocation(path: path)
    }
}
