import DocentCore
import Foundation

/// Compiles and runs articles' snippets with `swiftc`'s playground transform against Docent's runtime module.
///
/// ```swift
/// let runner = SwiftArticleRunner(environment: ExecutionEnvironment(environment: ProcessInfo.processInfo.environment))
/// try runner.prepare(supportModule: "TutorialSupport", sources: supportSources)
/// let runs = try runner.run(job)
/// ```
/// The runtime is compiled once per toolchain into the cache folder, the support module once per change of its
/// sources. Each article is planned (`ArticlePlanner`), compiled (`SwiftCompilerExecutor`) and run
/// (`ProgramExecuting`) in a folder of its own. Articles may be run from several threads at once.
public final class SwiftArticleRunner: ArticleRunning, @unchecked Sendable {
    /// The flags the runtime is compiled with; part of its cache key. Its signal handler reads state that the
    /// interrupted code may be changing, so exclusivity checks must be off.
    static let runtimeFlags = ["-swift-version", "5", "-O", "-enforce-exclusivity=unchecked"]
    static let supportFlags = ["-swift-version", "5"]

    /// The compiler, runtime and support module, ready to compile articles against.
    private struct Toolchain {
        var compiler: SwiftCompiler
        var modules: [SwiftCompiler.Module]
        var fingerprints: ToolchainFingerprints
    }

    private let environment: ExecutionEnvironment
    private let processRunner: any ProcessRunning
    private let injectedPrograms: (any ProgramExecuting)?
    private let lock = Lock()
    private var toolchain: Toolchain?
    private var programs: (any ProgramExecuting)?

    private let activeWork: ActiveWork?
    private let cache: ProgramCache?
    private var sandboxed = false

    /// `programs` replaces the executor the runner would make (sandboxed where bubblewrap works); `activeWork`
    /// learns of every article's scratch folder while it exists; `cache` keeps programs' outcomes between builds.
    public init(environment: ExecutionEnvironment, processRunner: any ProcessRunning = FoundationProcessRunner(),
                programs: (any ProgramExecuting)? = nil, activeWork: ActiveWork? = nil, cache: ProgramCache? = nil) {
        self.environment = environment
        self.processRunner = processRunner
        self.injectedPrograms = programs
        self.activeWork = activeWork
        self.cache = cache
    }

    private var modules: ModuleCache { ModuleCache(directory: environment.cacheDirectory) }

    public var compilerVersion: String? { lock.withLock { toolchain?.fingerprints.compiler } }

    public func prepare(supportModule: String?, sources: [SupportSource]) throws -> [Diagnostic] {
        LeftoverFolders.removeAbandoned(in: environment.temporaryDirectory, prefix: "docent-run-")
        let compiler = try findCompiler()
        let identity = try identify(compiler)
        let version = identity.version
        let (executor, warnings) = programExecutor(runtimeLibraries: identity.runtimeLibraryPaths)
        let runtime = try buildRuntime(compiler, version: version)
        var fingerprints = ToolchainFingerprints(compiler: version, runtime: runtime.key)
        var modules = [runtime.module]
        if let supportModule, !sources.isEmpty {
            let support = try buildSupport(supportModule, sources: sources, compiler: compiler, version: version)
            modules.append(support.module)
            fingerprints.support = support.key
        }
        lock.withLock {
            toolchain = Toolchain(compiler: compiler, modules: modules, fingerprints: fingerprints)
            programs = executor
        }
        return warnings
    }

    /// What the compiler says of itself: remembered from an earlier build while its files are unchanged, otherwise
    /// asked (both questions at once: starting the compiler is most of a warm build's time) and remembered.
    private func identify(_ compiler: SwiftCompiler) throws -> ToolchainIdentity {
        let store = ToolchainIdentity.Store(directory: environment.cacheDirectory)
        if let known = store.load(swiftc: compiler.swiftc) { return known }
        let directory = environment.temporaryDirectory
        let answers = [0, 1].concurrentMap { question -> [String] in
            question == 0 ? [try compiler.version(in: directory)] : ((try? compiler.runtimeLibraryPaths(in: directory)) ?? [])
        }
        let version = try toolsFailure("cannot run \(compiler.swiftc)") { try answers[0].get()[0] }
        guard let libraries = try? answers[1].get(), !libraries.isEmpty else {
            return ToolchainIdentity(version: version, runtimeLibraryPaths: [])
        }
        let identity = ToolchainIdentity(version: version, runtimeLibraryPaths: libraries)
        store.save(identity, swiftc: compiler.swiftc)
        return identity
    }

    /// The program executor: sandboxed by bubblewrap unless it is turned off or cannot start here (then the
    /// programs run under the resource limits alone, and a warning says so once).
    private func programExecutor(runtimeLibraries: [String]) -> (any ProgramExecuting, [Diagnostic]) {
        if let injectedPrograms { return (injectedPrograms, []) }
        if let existing = lock.withLock({ programs }) { return (existing, []) }
        guard environment.usesSandbox else {
            return (LocalProgramExecutor(processRunner: processRunner, prlimit: environment.prlimit), [])
        }
        if let bwrap = environment.bwrap {
            let sandbox = BubblewrapSandbox(bwrap: bwrap, systemFolders: BubblewrapSandbox.systemFolders(runtimeLibraries: runtimeLibraries))
            if sandbox.works(processRunner: processRunner, temporaryDirectory: environment.temporaryDirectory) {
                lock.withLock { sandboxed = true }
                return (LocalProgramExecutor(processRunner: processRunner, sandbox: sandbox, prlimit: environment.prlimit), [])
            }
        }
        let reason = environment.bwrap == nil ? "bubblewrap (bwrap) is not installed"
                                              : "bubblewrap cannot create namespaces on this machine"
        return (LocalProgramExecutor(processRunner: processRunner, prlimit: environment.prlimit), [
            .warning(at: nil, "article programs run without a sandbox: \(reason)",
                     notes: ["install it with `apt-get install bubblewrap`, or pass --no-sandbox to run without one on purpose"]),
        ])
    }

    public func run(_ job: ArticleJob) throws -> [SnippetRun] {
        guard job.snippets.contains(where: { $0.mode.isCompiled }) else {
            return job.snippets.map { _ in SnippetRun(outcome: .skipped) }
        }
        guard let (toolchain, programs) = lock.withLock({ toolchain.flatMap { toolchain in programs.map { (toolchain, $0) } } }) else {
            throw DiagnosticError([.error(at: nil, "internal error: the Swift toolchain was not prepared before running \(job.articlePath)")])
        }
        let files = FileManager()
        let directory = "\(environment.temporaryDirectory)/docent-run-\(UUID().uuidString)"
        try toolsFailure("cannot create \(directory)") {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        LeftoverFolders.claim(directory)
        activeWork?.created(folder: directory)
        activeWork?.began(article: job.articlePath)
        defer {
            try? files.removeItem(atPath: directory)
            activeWork?.removed(folder: directory)
            activeWork?.ended(article: job.articlePath)
        }
        let planner = ArticlePlanner(articlePath: job.articlePath, snippets: job.snippets, facts: job.facts,
                                     settings: job.settings, fingerprints: toolchain.fingerprints,
                                     supportModule: job.supportModule)
        let executor = ArticleExecutor(
            planner: planner,
            compiler: SwiftCompilerExecutor(compiler: toolchain.compiler, modules: toolchain.modules,
                                            emitDirectory: environment.emitProgramsDirectory.map {
                                                "\($0)/\(job.articlePath.replacingOccurrences(of: "/", with: "_"))"
                                            }),
            programs: programs,
            environment: ProgramEnvironment(settings: job.settings, path: environment.path, libfaketime: environment.libfaketime),
            directory: directory, cache: cache, sandboxed: lock.withLock { sandboxed })
        return try toolsFailure("cannot compile or run \(job.articlePath)") { try executor.run() }
    }

    /// `SWIFTC`, or `swiftc` on `PATH`.
    private func findCompiler() throws -> SwiftCompiler {
        guard let swiftc = environment.swiftc else {
            throw DiagnosticError([.error(at: nil, "cannot find swiftc, so no snippet can be compiled",
                                          notes: ["install a Swift toolchain and put it on PATH, or set SWIFTC to the compiler"])])
        }
        let variables = ["PATH": environment.path, "TMPDIR": environment.temporaryDirectory, "HOME": environment.cacheDirectory]
        return SwiftCompiler(swiftc: swiftc, processRunner: processRunner, environment: variables)
    }

    /// The runtime module, built into the cache on first use (once per toolchain and runtime source).
    private func buildRuntime(_ compiler: SwiftCompiler, version: String) throws -> (module: SwiftCompiler.Module, key: String) {
        let name = RuntimeContract.moduleName
        let files = RuntimeSource.files
        let key = StableHash.of([version] + Self.runtimeFlags + files.flatMap { [$0.name, $0.text] })
        let directory = try toolsFailure("cannot build Docent's playground runtime in \(environment.cacheDirectory)") {
            try modules.entry("runtime", key: key, toolchain: version) { directory in
                var paths: [String] = []
                for file in files {
                    let path = "\(directory)/\(file.name)"
                    try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
                    paths.append(path)
                }
                let outcome = try compiler.run(SwiftCompiler.libraryArguments(moduleName: name, sources: paths, directory: directory,
                                                                              extra: Self.runtimeFlags), in: directory)
                guard outcome.succeeded else {
                    throw DiagnosticError([.error(at: nil, "cannot build Docent's playground runtime with \(compiler.swiftc)",
                                                  notes: [outcome.standardError])])
                }
            }
        }
        return (SwiftCompiler.Module(name: name, directory: directory), key)
    }

    /// The support module, built into the cache once per change of its sources.
    private func buildSupport(_ moduleName: String, sources: [SupportSource], compiler: SwiftCompiler,
                              version: String) throws -> (module: SwiftCompiler.Module, key: String) {
        let key = StableHash.of([version, moduleName] + Self.supportFlags + sources.flatMap { [$0.path, $0.text] })
        let directory = try modules.entry("support-\(moduleName)", key: key, toolchain: version) { directory in
            var files: [String] = []
            for (number, source) in sources.enumerated() {
                let file = "\(directory)/\(number)-\(URL(fileURLWithPath: source.path).lastPathComponent)"
                let text = "#sourceLocation(file: \(ProgramSourceBuilder.quoted(source.path)), line: 1)\n" + source.text
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
                files.append(file)
            }
            let outcome = try compiler.run(SwiftCompiler.libraryArguments(moduleName: moduleName, sources: files,
                                                                          directory: directory, extra: Self.supportFlags),
                                           in: directory)
            guard outcome.succeeded else {
                let errors = CompilerOutput.errors(in: outcome.standardError).map {
                    Diagnostic.error(at: SourceLocation(path: $0.path, line: $0.line, column: $0.column), $0.text,
                                     notes: $0.notes.map(\.description))
                }
                throw DiagnosticError(errors.isEmpty
                    ? [.error(at: nil, "the support module \(moduleName) did not compile", notes: [outcome.standardError])]
                    : errors)
            }
        }
        return (SwiftCompiler.Module(name: moduleName, directory: directory), key)
    }

    /// Runs `body`; any error that is not already a diagnostic becomes one unlocated error: the tools failed.
    private func toolsFailure<T>(_ message: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DiagnosticError {
            throw error
        } catch let diagnostic as Diagnostic {
            throw DiagnosticError([diagnostic])
        } catch {
            throw DiagnosticError([.error(at: nil, "\(message): \(error.localizedDescription)")])
        }
    }
}
