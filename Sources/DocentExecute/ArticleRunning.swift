import DocentCore

/// Prepares the tools for a build, once: the seam through which the pipeline runs articles' code.
///
/// ```swift
/// let runner = try toolchain.prepare(supportModule: "TutorialSupport", sources: support, package: nil)   // once per build
/// runner.warnings.forEach(reporter.report)
/// let snippets = try runner.run(ArticleJob(articlePath: path, snippets: record.snippets, settings: settings,
///                                          supportModule: "TutorialSupport"))
/// ```
public protocol ToolchainPreparing: Sendable {
    /// Finds the compiler and builds the runtime, then the support module (`content/_support/*.swift`) if
    /// `supportModule` names one. Throws a `DiagnosticError`: for an unusable toolchain one error without a
    /// location; for the support code its compile errors, located in those files. With a `package`, builds it
    /// with SwiftPM first (a package that does not build is one error, located where SwiftPM said).
    func prepare(supportModule: String?, sources: [SupportSource], package: PackageRequest?) throws -> any ArticleRunning
}

/// Compiles and runs articles with tools already prepared; articles may be run from several threads at once.
public protocol ArticleRunning: Sendable {
    /// Warnings to show once per build (no sandbox on this machine).
    var warnings: [Diagnostic] { get }
    /// What `swiftc --version` said; `nil` for runners without a compiler.
    var compilerVersion: String? { get }
    /// The modules every article imports unless its `imports:` says otherwise: the documented package's.
    var packageModules: [String] { get }
    /// Compiles and runs one article: its snippet records, each with its `run` filled in. Failures of the article's
    /// code are in the runs; it throws only when the tools fail (a folder that cannot be written), as one
    /// `DiagnosticError`.
    func run(_ job: ArticleJob) throws -> [SnippetRecord]
    /// This runner, with the programs of `jobs` that will run compiled ahead into merged executables (`workers`
    /// compiles at a time) where it merges; `run(_:)` then takes them as compiled. Call `finish()` when done.
    func merging(_ jobs: [ArticleJob], workers: Int) throws -> any ArticleRunning
    /// Removes what `merging(_:workers:)` made.
    func finish()
    /// How many compiler, linker, program and sandbox starts it made (`nil` when it does not count them).
    var startCounts: String? { get }
    /// Checks a package manifest block (``ManifestChecker``) of the article at `articlePath`; `nil` when this runner
    /// cannot (the block then stays skipped).
    func checkManifest(_ snippet: Snippet, articlePath: String) throws -> SnippetRun?
    /// Checks a declaration listing against the documented package's public API (``ListingCheck``): a failed run
    /// naming what the package lacks, or `nil` (all there, or no package to check against).
    func checkListing(_ snippet: Snippet) -> SnippetRun?
    /// The documented package's targets and which a library product holds; `nil` without a package.
    var packageTargets: PackageTargets? { get }
}

extension ArticleRunning {
    public func merging(_ jobs: [ArticleJob], workers: Int) throws -> any ArticleRunning { self }
    public func finish() {}
    public var startCounts: String? { nil }
    public func checkManifest(_ snippet: Snippet, articlePath: String) throws -> SnippetRun? { nil }
    public func checkListing(_ snippet: Snippet) -> SnippetRun? { nil }
    public var packageTargets: PackageTargets? { nil }
}

/// One article's snippets (with what swift-syntax found in each) and the settings they run under.
public struct ArticleJob: Sendable {
    public var articlePath: String
    public var snippets: [SnippetRecord]
    public var settings: ExecutionSettings
    public var supportModule: String?
    /// The modules programs import when `imports:` is unset (see ``PlanContext/defaultImports``).
    public var defaultImports: [String]
    /// Where each module of `settings.imports` is named (front matter or `site.yml`), in order: an import that
    /// does not exist is reported there.
    public var importLocations: [SourceLocation]

    public init(articlePath: String, snippets: [SnippetRecord], settings: ExecutionSettings, supportModule: String?,
                defaultImports: [String] = [], importLocations: [SourceLocation] = []) {
        self.articlePath = articlePath
        self.snippets = snippets
        self.settings = settings
        self.supportModule = supportModule
        self.defaultImports = defaultImports
        self.importLocations = importLocations
    }
}

/// A Swift file of the support module. `path` is as the user names it (content/_support/Field.swift).
public struct SupportSource: Sendable, Hashable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
