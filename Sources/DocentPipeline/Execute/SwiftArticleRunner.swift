import DocentCore
import Foundation

/// Compiles and runs articles' snippets with `swiftc`'s playground transform against Docent's runtime module.
///
/// ```swift
/// let runner = SwiftArticleRunner(environment: ExecutionEnvironment(environment: ProcessInfo.processInfo.environment))
/// try runner.prepareSupport(moduleName: "TutorialSupport", sources: supportSources)
/// let runs = runner.run(articlePath: "content/x.md", snippets: snippets, settings: settings, supportModule: "TutorialSupport")
/// ```
/// The runtime is compiled once per toolchain into the cache folder and the support module once per build (and
/// cached by its sources); both are built on first use. Articles may be run from several threads at once.
public final class SwiftArticleRunner: ArticleRunning, @unchecked Sendable {
    /// The flags the runtime is compiled with; part of its cache key. Its signal handler reads state that the
    /// interrupted code may be changing (a stack overflow inside `append`), so exclusivity checks must be off.
    static let runtimeFlags = ["-swift-version", "5", "-Onone", "-enforce-exclusivity=unchecked"]

    private let environment: ExecutionEnvironment
    private let processRunner: any ProcessRunning
    private let lock = Lock()
    private var compilerState: Result<(SwiftCompiler, version: String), DiagnosticError>?
    private var runtimeState: Result<SwiftCompiler.Module, DiagnosticError>?
    private var supportModules: [String: SwiftCompiler.Module] = [:]

    public init(environment: ExecutionEnvironment, processRunner: any ProcessRunning = FoundationProcessRunner()) {
        self.environment = environment
        self.processRunner = processRunner
    }

    private var cache: ModuleCache { ModuleCache(directory: environment.cacheDirectory) }

    public func prepareSupport(moduleName: String, sources: [SupportSource]) throws {
        guard !sources.isEmpty else { return }
        let (compiler, version) = try self.compiler().get()
        let flags = ["-swift-version", "5"]
        let key = StableHash.of([version, moduleName] + flags + sources.flatMap { [$0.path, $0.text] })
        let directory = try cache.entry("support-\(moduleName)", key: key) { directory in
            var files: [String] = []
            for (number, source) in sources.enumerated() {
                let name = URL(fileURLWithPath: source.path).lastPathComponent
                let file = "\(directory)/\(number)-\(name)"
                let text = "#sourceLocation(file: \(ArticleProgram.quoted(source.path)), line: 1)\n" + source.text
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
                files.append(file)
            }
            let outcome = try compiler.run(SwiftCompiler.libraryArguments(moduleName: moduleName, sources: files,
                                                                          directory: directory, extra: flags),
                                           in: directory)
            guard outcome.succeeded else {
                let errors = CompilerOutput.errors(in: outcome.standardError).map {
                    Diagnostic.error(at: SourceLocation(path: $0.path, line: $0.line, column: $0.column), $0.text, notes: $0.notes)
                }
                throw DiagnosticError(errors.isEmpty
                    ? [.error(at: nil, "the support module \(moduleName) did not compile", notes: [outcome.standardError])]
                    : errors)
            }
        }
        lock.withLock { supportModules[moduleName] = SwiftCompiler.Module(name: moduleName, directory: directory) }
    }

    public func run(articlePath: String, snippets: [Snippet], settings: ExecutionSettings,
                    supportModule: String?) -> [SnippetRun] {
        let prepared: (SwiftCompiler, [SwiftCompiler.Module])
        do {
            let (compiler, _) = try self.compiler().get()
            let runtime = try self.runtime().get()
            let support = lock.withLock { supportModule.flatMap { supportModules[$0] } }
            prepared = (compiler, [runtime] + (support.map { [$0] } ?? []))
        } catch {
            let diagnostics = error.diagnostics
            return snippets.map { snippet in
                snippet.mode == .ignore ? SnippetRun(outcome: .skipped)
                    : SnippetRun(outcome: .compileFailed, diagnostics: diagnostics.map { Self.located($0, at: snippet.location) })
            }
        }
        let programEnvironment = ProgramEnvironment(settings: settings, path: environment.path,
                                                    libfaketime: environment.libfaketime, supportModule: supportModule)
        let execution = ArticleExecution(articlePath: articlePath, snippets: snippets, settings: settings,
                                         compiler: prepared.0, modules: prepared.1, processRunner: processRunner,
                                         programEnvironment: programEnvironment,
                                         temporaryDirectory: environment.temporaryDirectory)
        return execution.run()
    }

    /// The compiler and its version, looked up once.
    private func compiler() -> Result<(SwiftCompiler, version: String), DiagnosticError> {
        lock.withLock {
            if let compilerState { return compilerState }
            let state = Result { () throws(DiagnosticError) -> (SwiftCompiler, version: String) in
                guard let swiftc = environment.swiftc else {
                    throw DiagnosticError([.error(at: nil, "cannot find swiftc",
                                                  notes: ["install a Swift toolchain, put it on PATH, or set SWIFTC"])])
                }
                var variables = ["PATH": environment.path, "TMPDIR": environment.temporaryDirectory]
                variables["HOME"] = environment.cacheDirectory
                let compiler = SwiftCompiler(swiftc: swiftc, processRunner: processRunner, environment: variables)
                do {
                    return (compiler, try compiler.version(in: environment.temporaryDirectory))
                } catch let error as DiagnosticError {
                    throw error
                } catch {
                    throw DiagnosticError([.error(at: nil, "cannot run \(swiftc): \(error)")])
                }
            }
            compilerState = state
            return state
        }
    }

    /// The runtime module, built into the cache on first use (once per toolchain and runtime source).
    private func runtime() -> Result<SwiftCompiler.Module, DiagnosticError> {
        let compilerState = compiler()
        return lock.withLock {
            if let runtimeState { return runtimeState }
            let state = Result { () throws(DiagnosticError) -> SwiftCompiler.Module in
                let (compiler, version) = try compilerState.get()
                let source = String(decoding: PackageResources.PlaygroundRuntime_swift, as: UTF8.self)
                let name = "PlaygroundRuntime"
                let key = StableHash.of([version, source] + Self.runtimeFlags)
                do {
                    let directory = try cache.entry("runtime", key: key) { directory in
                        let file = "\(directory)/\(name).swift"
                        try Data(source.utf8).write(to: URL(fileURLWithPath: file))
                        let arguments = SwiftCompiler.libraryArguments(moduleName: name, sources: [file], directory: directory,
                                                                       extra: Self.runtimeFlags)
                        let outcome = try compiler.run(arguments, in: directory)
                        guard outcome.succeeded else {
                            throw DiagnosticError([.error(at: nil, "cannot build Docent's playground runtime with \(compiler.swiftc)",
                                                          notes: [outcome.standardError])])
                        }
                    }
                    return SwiftCompiler.Module(name: name, directory: directory)
                } catch let error as DiagnosticError {
                    throw error
                } catch {
                    throw DiagnosticError([.error(at: nil, "cannot build Docent's playground runtime in \(environment.cacheDirectory): \(error)")])
                }
            }
            runtimeState = state
            return state
        }
    }

    /// A diagnostic without a location, placed at the snippet it stopped.
    private static func located(_ diagnostic: Diagnostic, at location: SourceLocation) -> Diagnostic {
        var copy = diagnostic
        if copy.location == nil { copy.location = location }
        return copy
    }
}
