import DocentCore
import Foundation

/// What one build reads and writes.
public struct BuildConfiguration: Sendable {
    public var contentDirectory: String
    public var templatesDirectory: String
    public var outputDirectory: String
    public var includeDrafts: Bool

    public init(contentDirectory: String = "content", templatesDirectory: String = "templates",
                outputDirectory: String = "site", includeDrafts: Bool = false) {
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.outputDirectory = outputDirectory
        self.includeDrafts = includeDrafts
    }

    /// The output folder is replaced on every build, so it must not hold, or be held by, the inputs.
    public func validate() throws {
        let output = Self.absolute(outputDirectory)
        for (input, flag) in [(contentDirectory, "--content"), (templatesDirectory, "--templates")] {
            let path = Self.absolute(input)
            if output == path || path.hasPrefix(output + "/") || output.hasPrefix(path + "/") {
                throw Diagnostic.error(at: SourceLocation(path: outputDirectory),
                                       "the output folder overlaps the \(flag) folder '\(input)'",
                                       notes: ["the output folder is replaced on every build; choose a separate --output"])
            }
        }
    }

    static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
                                      : URL(fileURLWithPath: FileManager().currentDirectoryPath).appendingPathComponent(path)
        var result = url.standardizedFileURL.path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }
}

/// What a finished build did.
public struct BuildSummary: Sendable {
    public var articles: Int
    public var pages: Int
    public var copiedFiles: Int
    public var seconds: Double
}

/// The only place that sequences the stages: Load → Parse → Weave → Render → Write.
///
/// ```swift
/// let summary = try Pipeline(fileSystem: LocalFileSystem(), reporter: reporter).build(BuildConfiguration())
/// ```
/// Every stage is a value with one entry point; the pipeline reports `[i/n] step` as each begins and
/// passes each stage's output, and nothing else, to the next.
public struct Pipeline: Sendable {
    public static let version = "0.1.0"

    private let fileSystem: any FileSystem
    private let reporter: any Reporter
    private let clock: @Sendable () -> Date

    public init(fileSystem: any FileSystem, reporter: any Reporter, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.fileSystem = fileSystem
        self.reporter = reporter
        self.clock = clock
    }

    public func build(_ configuration: BuildConfiguration) throws -> BuildSummary {
        let started = clock()
        try configuration.validate()
        var progress = Progress(reporter: reporter, total: 5)

        let (content, templates) = try progress.step("Load") {
            (try ContentLoader(fileSystem: fileSystem).load(from: configuration.contentDirectory),
             try TemplateLoader(fileSystem: fileSystem).load(from: configuration.templatesDirectory))
        }
        let site = try progress.step("Parse") {
            try ContentParser(includeDrafts: configuration.includeDrafts).parse(content)
        }
        let woven = try progress.step("Weave") {
            let weaver = PageWeaver(articles: site.articles, assets: site.assets)
            return try Self.collecting(site.articles.map { article in { try weaver.weave(article) } })
        }
        let files = try progress.step("Render") {
            try SiteRenderer(templates: templates, config: site.config, contentDirectory: configuration.contentDirectory,
                             generator: "Docent \(Self.version)").render(articles: woven, assets: site.assets)
        }
        try progress.step("Write") {
            try SiteWriter(fileSystem: fileSystem).write(files, to: configuration.outputDirectory)
        }
        let pages = files.filter { if case .generated = $0 { true } else { false } }.count
        return BuildSummary(articles: site.articles.count, pages: pages, copiedFiles: files.count - pages,
                            seconds: clock().timeIntervalSince(started))
    }

    /// Runs every job, even after one fails, and throws all their diagnostics together.
    static func collecting<T>(_ jobs: [() throws -> T]) throws -> [T] {
        var results: [T] = []
        var problems: [Diagnostic] = []
        for job in jobs {
            do { results.append(try job()) } catch { problems += ContentParser.diagnostics(from: error) }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return results
    }
}

/// Numbers the pipeline's steps as they run and reports them.
private struct Progress {
    let reporter: any Reporter
    let total: Int
    var index = 0

    mutating func step<T>(_ name: String, _ body: () throws -> T) throws -> T {
        index += 1
        reporter.step(index, of: total, name)
        return try body()
    }
}
