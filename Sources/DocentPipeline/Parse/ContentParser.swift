import DocentCore
import DocentMarkdown

/// The Parse stage: front matter and Markdown of every article, plus `site.yml`, checked together
/// (two articles may not claim the same page).
///
/// ```swift
/// let site = try ContentParser(includeDrafts: false).parse(loadedContent)
/// ```
public struct ContentParser: Sendable {
    /// First path segments the generated pages use; an article may not take them.
    public static let reservedSegments: Set<String> = ["series", "tags", "assets"]

    public var includeDrafts: Bool
    /// The most `site.yml` and front matter may ask for (`--max-time-limit`).
    public var ceilings: ExecutionCeilings

    public init(includeDrafts: Bool = false, ceilings: ExecutionCeilings = ExecutionCeilings()) {
        self.includeDrafts = includeDrafts
        self.ceilings = ceilings
    }

    public func parse(_ content: LoadedContent) throws -> ParsedContent {
        var problems: [Diagnostic] = []
        var config = SiteConfig()
        do { config = try SiteConfigParser.parse(content.siteConfig, ceilings: ceilings) } catch { problems += DiagnosticError.diagnostics(from: error) }

        var articles: [Article] = []
        // Articles are parsed on every core; results and errors keep the files' order.
        for parsed in content.articles.concurrentMap({ [ceilings] in try Self.parseArticle($0, ceilings: ceilings) }) {
            switch parsed {
            case .success(let article): if includeDrafts || !article.frontMatter.draft { articles.append(article) }
            case .failure(let error): problems += DiagnosticError.diagnostics(from: error)
            }
        }
        problems += Self.arrange(&articles, sets: content.sets, config: &config, images: ImageCatalog(files: content.imageSizes))
        problems += Self.checkURLs(of: articles)
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return ParsedContent(config: config, articles: articles, assets: content.assets,
                             supportSources: content.supportSources)
    }

    static func parseArticle(_ file: SourceFile, ceilings: ExecutionCeilings = ExecutionCeilings()) throws -> Article {
        let split = try FrontMatterParser.split(file.text, path: file.path)
        var (frontMatter, keyLocations) = try FrontMatterParser.parse(split.yaml, path: file.path, ceilings: ceilings)
        let body = MarkdownDocument(parsing: split.body)
        if let deep = body.tooDeep {
            throw Diagnostic.markdownTooDeep(at: SourceLocation(path: file.path, line: deep.line + split.bodyLineOffset, column: deep.column))
        }
        var titleHeading: Int?
        if split.yaml == nil {
            // Markdown written for another tool: the title is its first `#` heading, else the file's name.
            let heading = body.root.filter { node in
                if case .heading(level: 1) = node.kind { !node.plainText.isEmpty } else { false }
            }.first
            titleHeading = heading?.id
            frontMatter.title = heading?.plainText ?? title(fromFileName: file.relativePath)
        }
        let docc = DocCCatalog.page(of: body, path: file.path, bodyLineOffset: split.bodyLineOffset)
        if split.yaml == nil, let name = docc.displayName { frontMatter.title = name }
        var article = Article(path: file.path, relativePath: file.relativePath, frontMatter: frontMatter,
                              keyLocations: keyLocations, body: body, bodyLineOffset: split.bodyLineOffset + file.lineOffset,
                              urlPath: urlPath(for: file.relativePath, slug: frontMatter.slug))
        article.titleHeadingNodeID = titleHeading
        article.sourceText = file.text
        article.docc = docc
        return article
    }

    /// `getting-started.md` → `Getting started`; `guide/index.md` → `Guide`.
    static func title(fromFileName relativePath: String) -> String {
        var segments = relativePath.split(separator: "/").map(String.init)
        var name = segments.popLast() ?? relativePath
        if name.hasSuffix(".md") { name = String(name.dropLast(3)) }
        if name == "index", let folder = segments.last { name = folder }
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// `guides/intro.md` → `guides/intro/`; `guides/index.md` → `guides/`; a slug replaces the last segment.
    public static func urlPath(for relativePath: String, slug: String?) -> String {
        var segments = relativePath.split(separator: "/").map(String.init)
        guard var last = segments.popLast() else { return "" }
        if last.hasSuffix(".md") { last = String(last.dropLast(3)) }
        if let slug {
            segments.append(slug)
        } else if last != "index" {
            segments.append(last)
        }
        return segments.isEmpty ? "" : segments.joined(separator: "/") + "/"
    }

    private static func checkURLs(of articles: [Article]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var owners: [String: Article] = [:]
        for article in articles {
            let location = article.keyLocations["slug"] ?? SourceLocation(path: article.path)
            if article.urlPath.isEmpty, !article.docc.isTechnologyRoot {
                problems.append(.replacesHomePage(at: location))
                continue
            }
            if let first = article.urlPath.split(separator: "/").first, reservedSegments.contains(String(first)) {
                problems.append(.reservedURL(article.urlPath, reserved: reservedSegments.sorted(), at: location))
                continue
            }
            if let owner = owners[article.urlPath] {
                problems.append(.duplicateSlug(article.urlPath, owner: owner.path, at: location))
            } else {
                owners[article.urlPath] = article
            }
        }
        return problems
    }
}

/// The content folder, understood: settings, articles (drafts removed unless asked for), files to publish.
public struct ParsedContent: Sendable {
    public var config: SiteConfig
    public var articles: [Article]
    public var assets: [String]
    public var supportSources: [SourceFile]

    public init(config: SiteConfig, articles: [Article], assets: [String], supportSources: [SourceFile]) {
        self.config = config
        self.articles = articles
        self.assets = assets
        self.supportSources = supportSources
    }
}
