import DocentCore

/// The tools of one build, ready to compile and run articles: the compiler and program executors (with the result
/// cache and the sandbox already around them), what identifies the tools, and where articles get scratch folders.
///
/// ```swift
/// let prepared = try ToolchainBuilder(environment: environment, cache: cache).prepare(supportModule: nil, sources: [], package: nil)
/// let snippets = try prepared.run(job)
/// ```
/// A value: made once by `ToolchainBuilder`, shared read-only by every article run, on any thread.
struct PreparedToolchain: ArticleRunning {
    var compiler: any CompilerExecuting
    var programs: any ProgramExecuting
    var fingerprints: ToolchainFingerprints
    /// The programs' `PATH` and libfaketime.
    var environment: ExecutionEnvironment
    var scratch: ScratchFolders
    var warnings: [Diagnostic]
    var packageModules: [String] = []
    /// What compiles a run's programs into merged executables; `nil` with `--no-merge` (or `--emit-programs`, or a
    /// documented package), which compiles each program apart.
    var merger: MergedBuilder?
    /// The programs `merging(_:workers:)` compiled into merged executables, by cache key.
    var merged: [String: MergedProgram] = [:]
    /// The plans `merging(_:workers:)` made of each article, by article path: its resolver takes them.
    var plans: [String: PlanMemo] = [:]
    /// The folder holding the merged executables, removed by `finish()`.
    var mergedDirectory: String?
    var counts = ExecutionCounts(sandboxed: false)
    /// What type-checks package manifests shown in articles.
    var manifestChecker: ManifestChecker?
    /// The documented package's public API, for declaration listings.
    var packageSymbols: PackageSymbols?
    /// The documented package's targets, for documentation of a target no library product holds.
    var packageTargets: PackageTargets?
    /// The build's read-only copies of what compiles read, removed by `finish()`.
    var sharedInputs: SharedCompileInputs?

    var compilerVersion: String? { fingerprints.compiler }

    func run(_ job: ArticleJob) throws -> [SnippetRecord] {
        try ArticleExecutor(toolchain: self).run(job)
    }

    func checkListing(_ snippet: Snippet) -> SnippetRun? {
        packageSymbols.flatMap { ListingCheck.check(snippet, against: $0) }
    }

    func checkManifest(_ snippet: Snippet, articlePath: String) throws -> SnippetRun? {
        guard let manifestChecker else { return nil }
        let directory = try scratch.create(for: articlePath)
        defer { scratch.remove(directory, for: articlePath) }
        return try manifestChecker.check(snippet, under: directory)
    }
}
