import DocentCore
import Foundation

/// The Toolchain step of Execute: finds the compiler, learns what it is, chooses how programs run (sandboxed by
/// bubblewrap where it works), builds the runtime and support modules, and puts the result cache around the
/// executors — once per build, returning a `PreparedToolchain` value.
///
/// ```swift
/// let builder = ToolchainBuilder(environment: ExecutionEnvironment(environment: ProcessInfo.processInfo.environment),
///                                cache: ProgramCache(directory: ".docent-cache"))
/// let prepared = try builder.prepare(supportModule: "TutorialSupport", sources: support, package: nil)
/// ```
public struct ToolchainBuilder: ToolchainPreparing {
    private let environment: ExecutionEnvironment
    private let processRunner: any ProcessRunning
    private let injectedPrograms: (any ProgramExecuting)?
    private let activeWork: ActiveWork?
    private let cache: ProgramCache?
    /// Told when a slow one-off begins (compiling the runtime on a cold cache), so the wait is not silent.
    private let reporter: (any Reporter)?
    /// The sandbox decision, made once per builder: bubblewrap is tried once, and its warning given once.
    private let sandboxChoice = SandboxChoice()

    /// `programs` replaces the executor the builder would choose (sandboxed where bubblewrap works); `activeWork`
    /// learns of every article's scratch folder while it exists; `cache` keeps programs' outcomes between builds,
    /// its entries signed with the user's key from `environment.cacheDirectory` (`CacheSecretStore`).
    public init(environment: ExecutionEnvironment, processRunner: any ProcessRunning = FoundationProcessRunner(),
                programs: (any ProgramExecuting)? = nil, activeWork: ActiveWork? = nil, cache: ProgramCache? = nil,
                reporter: (any Reporter)? = nil) {
        self.environment = environment
        self.processRunner = processRunner
        self.injectedPrograms = programs
        self.activeWork = activeWork
        self.cache = cache
        self.reporter = reporter
    }

    public func prepare(supportModule: String?, sources: [SupportSource], package: PackageRequest?) throws -> any ArticleRunning {
        try prepared(supportModule: supportModule, sources: sources, package: package)
    }

    /// The prepared tools as their concrete value.
    func prepared(supportModule: String?, sources: [SupportSource], package: PackageRequest? = nil) throws -> PreparedToolchain {
        // The user's cache folder (modules, the seccomp filter, the key) is checked before anything is kept there.
        try CacheSecretStore(folder: environment.cacheDirectory).checkFolder()
        let scratch = ScratchFolders(temporaryDirectory: environment.temporaryDirectory, activeWork: activeWork)
        scratch.removeAbandoned()
        var compiler = try findCompiler()
        let identity = try identify(compiler)
        let choice = sandboxChoice.once { programExecutor(runtimeLibraries: identity.runtimeLibraryPaths) }
        if let sandbox = choice.sandbox {
            compiler.sandbox = CompileSandbox(sandbox: sandbox,
                                              toolchainFolders: CompileSandbox.toolchainFolders(swiftc: compiler.swiftc,
                                                                                                systemFolders: sandbox.systemFolders),
                                              prlimit: environment.prlimit)
        }
        let modules = ModuleBuilder(compiler: compiler, version: identity.version,
                                    cache: ModuleCache(directory: environment.cacheDirectory),
                                    temporaryDirectory: environment.temporaryDirectory, reporter: reporter)
        // Built on the first compile that needs it: a build whose every program is cached compiles nothing.
        let warmed = Once<String?> { [compiler] in compiler.sandbox == nil ? nil : try modules.warmedModuleCache() }
        let runtime = try modules.runtime(moduleCache: warmed)
        var fingerprints = ToolchainFingerprints(compiler: identity.version, runtime: runtime.key, sandboxed: choice.sandbox != nil)
        var linked = [runtime.module]
        if let supportModule, !sources.isEmpty {
            let support = try modules.support(supportModule, sources: sources, moduleCache: warmed)
            linked.append(support.module)
            fingerprints.support = support.key
        }
        let counts = ExecutionCounts(sandboxed: choice.sandbox != nil)
        var programs: any ProgramExecuting = choice.executor
        var built: BuiltPackage?
        var shownPaths: [(from: String, to: String)] = []
        if let package {
            let result = try packageBuilder(compiler: compiler, version: identity.version).build(package)
            fingerprints.package = result.fingerprint
            compiler.sandbox?.readOnlyFolders += result.folders
            if let local = choice.executor as? LocalProgramExecutor { programs = local.reading(result.folders) }
            shownPaths = [(result.copy + "/", package.folder + "/")]
            built = result
        }
        // Article compiles read one read-only copy of the modules and the module cache, made once for the build.
        let shared = compiler.sandbox == nil ? nil : SharedCompileInputs(scratch: scratch)
        compiler.sandbox?.shared = shared
        var programCompiler: any CompilerExecuting = SwiftCompilerExecutor(compiler: compiler, modules: linked,
                                                                          moduleCache: warmed,
                                                                          emitDirectory: environment.emitProgramsDirectory,
                                                                          packageArguments: built.map { $0.compileArguments + $0.linkArguments } ?? [],
                                                                          shownPaths: shownPaths, counts: counts)
        programs = CountingProgramExecutor(base: programs, counts: counts)
        var signed: ProgramCache?
        if let cache {
            // Entries are signed with the user's key, kept in the user's cache folder, never in the repository.
            let cache = try cache.signed(with: CacheSecretStore(folder: environment.cacheDirectory).secret())
            programCompiler = CachingCompiler(base: programCompiler, cache: cache)
            programs = CachingProgramExecutor(base: programs, cache: cache)
            signed = cache
        }
        // Merged builds need nothing of a documented package's link, and would hide programs --emit-programs shows.
        let merges = environment.merges && built == nil && environment.emitProgramsDirectory == nil
        let merger = merges ? MergedBuilder(compiler: compiler, modules: linked, moduleCache: warmed, cache: signed, counts: counts) : nil
        return PreparedToolchain(compiler: programCompiler, programs: programs, fingerprints: fingerprints,
                                 environment: environment, scratch: scratch, warnings: choice.warnings,
                                 packageModules: built?.modules ?? [], merger: merger, counts: counts,
                                 manifestChecker: ManifestChecker(compiler: compiler), packageSymbols: built?.symbols,
                                 packageTargets: built?.targets,
                                 sharedInputs: shared)
    }

    /// Builds the documented package with the `swift` beside `swiftc`, in the compiler's sandbox when it has one.
    private func packageBuilder(compiler: SwiftCompiler, version: String) -> PackageBuilder {
        let beside = URL(fileURLWithPath: compiler.swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
        let swift = FileManager().isExecutableFile(atPath: beside) ? beside
            : URL(fileURLWithPath: compiler.swiftc).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift").path
        return PackageBuilder(swift: swift, processRunner: processRunner, sandbox: compiler.sandbox?.sandbox,
                              toolchainFolders: compiler.sandbox?.toolchainFolders ?? [], prlimit: environment.prlimit,
                              path: environment.path, temporaryDirectory: environment.temporaryDirectory,
                              cacheDirectory: environment.cacheDirectory, toolchainVersion: version, home: environment.home,
                              reporter: reporter)
    }

    /// `SWIFTC`, or `swiftc` on `PATH`.
    private func findCompiler() throws -> SwiftCompiler {
        guard let swiftc = environment.swiftc else {
            throw DiagnosticError([ToolchainDiagnostics.swiftcMissing()])
        }
        let variables = ["PATH": environment.path, "TMPDIR": environment.temporaryDirectory, "HOME": environment.cacheDirectory]
        return SwiftCompiler(swiftc: swiftc, processRunner: processRunner, environment: variables)
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

    /// How programs and compiles run: in bubblewrap unless that is turned off or cannot start here (then the programs
    /// run under the resource limits alone, the compiler on the host, and a warning says so once). As root, bubblewrap
    /// is started as `nobody` through `setpriv`; without `setpriv` programs still have no capabilities, but a warning
    /// says once that they are root on the host.
    private func programExecutor(runtimeLibraries: [String]) -> SandboxChoice.Choice {
        if let injectedPrograms { return .init(executor: injectedPrograms, sandbox: nil, warnings: []) }
        let unsandboxed = LocalProgramExecutor(processRunner: processRunner, prlimit: environment.prlimit)
        guard environment.usesSandbox else { return .init(executor: unsandboxed, sandbox: nil, warnings: []) }
        if let bwrap = environment.bwrap {
            let hostUser = environment.runsAsRoot ? environment.setpriv.map { BubblewrapSandbox.HostUser(setpriv: $0) } : nil
            var warnings: [Diagnostic] = []
            let filter = Result { try SeccompFilter.install(in: environment.cacheDirectory) }
            if case .failure(let error) = filter {
                warnings.append(SandboxDiagnostics.seccompUnwritable(in: environment.cacheDirectory, error))
            } else if case .success(nil) = filter {
                warnings.append(SandboxDiagnostics.seccompUnsupported())
            }
            let sandbox = BubblewrapSandbox(bwrap: bwrap, systemFolders: BubblewrapSandbox.systemFolders(runtimeLibraries: runtimeLibraries),
                                            hostUser: hostUser, seccompFilter: (try? filter.get()) ?? nil)
            let temporary = environment.temporaryDirectory
            let works = (processRunner as? FoundationProcessRunner).map { sandbox.works(startedWith: $0, temporaryDirectory: temporary) }
                ?? sandbox.works(processRunner: processRunner, temporaryDirectory: temporary)
            if works {
                let executor = LocalProgramExecutor(processRunner: processRunner, sandbox: sandbox, prlimit: environment.prlimit)
                if environment.runsAsRoot, hostUser == nil {
                    warnings.append(SandboxDiagnostics.runsAsRoot())
                }
                return .init(executor: executor, sandbox: sandbox, warnings: warnings)
            }
        }
        let reason = environment.bwrap == nil ? "bubblewrap (bwrap) is not installed"
                                              : "bubblewrap cannot create namespaces on this machine"
        return .init(executor: unsandboxed, sandbox: nil, warnings: [
            SandboxDiagnostics.missing(reason),
        ])
    }
}

/// Remembers how a builder chose to run programs and compiles, so the choice is made (and its warning given) once.
private final class SandboxChoice: @unchecked Sendable {
    /// The executor for programs, the sandbox (for programs and compiles alike) and what to warn of.
    struct Choice {
        var executor: any ProgramExecuting
        var sandbox: BubblewrapSandbox?
        var warnings: [Diagnostic]
    }

    private let lock = Lock()
    private var chosen: Choice?

    /// `choose()`'s answer the first time; later, the same executor and sandbox and no warnings.
    func once(_ choose: () -> Choice) -> Choice {
        lock.withLock {
            if var chosen {
                chosen.warnings = []
                return chosen
            }
            let choice = choose()
            chosen = choice
            return choice
        }
    }
}
