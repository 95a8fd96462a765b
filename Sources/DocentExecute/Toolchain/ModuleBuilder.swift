import DocentCore
import DocentSwift
import Foundation

/// Builds the modules article programs link: Docent's playground runtime (once per toolchain and runtime source)
/// and the site's support module (once per change of its sources), each into the module cache; and, for compiles in
/// the sandbox, the warmed Clang module cache each of them starts from (once per toolchain).
///
/// Each is compiled in a fresh folder under the temporary folder (inside the sandbox when the compiler has one:
/// the support module is the contributor's code) and what it made is copied into the cache entry.
///
/// ```swift
/// let builder = ModuleBuilder(compiler: compiler, version: identity.version, cache: ModuleCache(directory: folder),
///                             temporaryDirectory: "/tmp")
/// let warmed = Once<String?> { try builder.warmedModuleCache() }
/// let runtime = try builder.runtime(moduleCache: warmed)        // (module, key)
/// ```
struct ModuleBuilder {
    /// The flags the runtime is compiled with; part of its cache key. Its signal handler reads state that the
    /// interrupted code may be changing, so exclusivity checks must be off.
    static let runtimeFlags = ["-swift-version", "5", "-O", "-enforce-exclusivity=unchecked"]
    static let supportFlags = ["-swift-version", "5"]

    var compiler: SwiftCompiler
    /// `swiftc --version`, which names the toolchain in keys.
    var version: String
    var cache: ModuleCache
    /// Where each compile gets its folder.
    var temporaryDirectory: String
    /// Told before the runtime is compiled (a cold cache: seconds, once per toolchain).
    var reporter: (any Reporter)? = nil

    /// What the reporter is told while the runtime compiles.
    static let compilingRuntime = "Compiling Docent's runtime (once per toolchain)…"

    /// Swift's and the system's modules imported once into a fresh Clang module cache, so that compiles in the
    /// sandbox, which each start from a copy, do not build them again.
    static let warmingSource = ["Foundation", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc",
                                "RegexBuilder", "Synchronization", "Observation"]
        .map { "#if canImport(\($0))\nimport \($0)\n#endif\n" }.joined()

    /// The language modes programs compile in (`swift-version`), each of which imports Clang modules built for it
    /// (the mode is part of the Clang module cache's hash): the cache is warmed in every one.
    static let languageModes = ["5", "6"]

    /// The warmed Clang module cache, at `CompileSandbox.moduleCachePath` as every sandboxed compile mounts it.
    func warmedModuleCache() throws -> String {
        let key = StableHash.of([version, CompileSandbox.moduleCachePath, Self.warmingSource] + Self.languageModes)
        return try toolsFailure("cannot prepare the Clang module cache in \(cache.directory)") {
            try cache.entry("clang-modules", key: key, toolchain: version) { entry in
                // One compile per language mode, each starting from the modules the one before built.
                var warmed: String?
                var folders: [String] = []
                defer { for folder in folders { try? DiskScratch().remove(folder) } }
                for mode in Self.languageModes {
                    let (outcome, folder) = try compiler.run(under: temporaryDirectory, moduleCache: warmed) { folder, _ in
                        try Data(Self.warmingSource.utf8).write(to: URL(fileURLWithPath: "\(folder)/warm.swift"))
                        return ["-typecheck", "-swift-version", mode, "\(folder)/warm.swift"]
                    }
                    folders.append(folder)
                    guard outcome.succeeded else {
                        throw DiagnosticError([ToolchainDiagnostics.foundationUnavailable(compiler.swiftc, said: outcome.standardError)])
                    }
                    warmed = "\(folder)/module-cache"
                }
                if let warmed { try Self.copyContents(of: warmed, into: entry) }
            }
        }
    }

    /// The runtime module.
    func runtime(moduleCache: Once<String?>) throws -> (module: SwiftCompiler.Module, key: String) {
        let name = RuntimeContract.moduleName
        let files = RuntimeSource.files
        let key = StableHash.of([version] + Self.runtimeFlags + files.flatMap { [$0.name, $0.text] })
        let directory = try toolsFailure("cannot build Docent's playground runtime in \(cache.directory)") {
            try cache.entry("runtime", key: key, toolchain: version) { directory in
                reporter?.info(Self.compilingRuntime)
                let outcome = try build(into: directory, moduleCache: moduleCache) { folder in
                    var paths: [String] = []
                    for file in files {
                        let path = "\(folder)/\(file.name)"
                        try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
                        paths.append(path)
                    }
                    return SwiftCompiler.libraryArguments(moduleName: name, sources: paths, directory: folder,
                                                          extra: Self.runtimeFlags)
                }
                guard outcome.succeeded else {
                    throw DiagnosticError([ToolchainDiagnostics.runtimeDoesNotBuild(compiler.swiftc, said: outcome.standardError)])
                }
            }
        }
        return (SwiftCompiler.Module(name: name, directory: directory), key)
    }

    /// The support module `moduleName` from `sources`; their compile errors are thrown located in those files.
    func support(_ moduleName: String, sources: [SupportSource], moduleCache: Once<String?>) throws -> (module: SwiftCompiler.Module, key: String) {
        try Self.refuseLinkerAttributes(in: sources)
        let key = StableHash.of([version, moduleName] + Self.supportFlags + sources.flatMap { [$0.path, $0.text] })
        let directory = try cache.entry("support-\(moduleName)", key: key, toolchain: version) { directory in
            let outcome = try build(into: directory, moduleCache: moduleCache) { folder in
                var files: [String] = []
                for (number, source) in sources.enumerated() {
                    let file = "\(folder)/\(number)-\(URL(fileURLWithPath: source.path).lastPathComponent)"
                    let text = "#sourceLocation(file: \(SwiftStringLiteral.quoted(source.path)), line: 1)\n" + source.text
                    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
                    files.append(file)
                }
                return SwiftCompiler.libraryArguments(moduleName: moduleName, sources: files, directory: folder,
                                                      extra: Self.supportFlags)
            }
            guard outcome.succeeded else {
                let errors = CompilerOutput.errors(in: outcome.standardError).map {
                    ExecuteDiagnostics.compiler(at: SourceLocation(path: $0.path, line: $0.line, column: $0.column), $0.text,
                                                notes: $0.notes.map(\.description))
                }
                throw DiagnosticError(errors.isEmpty
                    ? [ToolchainDiagnostics.supportModuleDoesNotCompile(moduleName, said: outcome.standardError)]
                    : errors)
            }
        }
        return (SwiftCompiler.Module(name: moduleName, directory: directory), key)
    }

    /// Support sources are the contributor's code, read as snippets are (within limits, 4 MiB a file): an attribute
    /// that would reach the linker (`@_section`, `@_used`) is an error at its name.
    static func refuseLinkerAttributes(in sources: [SupportSource]) throws {
        var limits = AnalysisLimits.standard
        limits.maximumBytes = 4 << 20
        var errors: [Diagnostic] = []
        for source in sources {
            do {
                let analysis = try BlockAnalysis.bounded(code: source.text, limits: limits)
                errors += analysis.linkerAttributeUses.map { use in
                    ToolchainDiagnostics.supportLinkerAttribute(use.name, at: SourceLocation(path: source.path, line: use.position.line,
                                                                                             column: use.position.column))
                }
            } catch {
                let location = error.position.map { SourceLocation(path: source.path, line: $0.line, column: $0.column) }
                errors.append(ToolchainDiagnostics.supportUnreadable(error.message, advice: error.advice,
                                                                     at: location ?? SourceLocation(path: source.path, line: 1, column: 1)))
            }
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
    }

    /// Compiles in a fresh folder (`arguments` writes the sources there and names the outputs there) and copies
    /// the files it holds afterwards into `entry`.
    private func build(into entry: String, moduleCache: Once<String?>,
                       arguments: (String) throws -> [String]) throws -> ProcessOutcome {
        let (outcome, folder) = try compiler.run(under: temporaryDirectory, moduleCache: try moduleCache.value()) { folder, _ in
            try arguments(folder)
        }
        defer { try? DiskScratch().remove(folder) }
        if outcome.succeeded { try Self.copyContents(of: folder, into: entry, filesOnly: true) }
        return outcome
    }

    /// Copies what `folder` holds into `entry` (only its files, not its folders, when `filesOnly`), hidden files
    /// (the folder's owner mark) left out.
    private static func copyContents(of folder: String, into entry: String, filesOnly: Bool = false) throws {
        let files = DiskScratch()
        for name in try files.names(in: folder) where !name.hasPrefix(".") {
            if filesOnly, files.isFolder("\(folder)/\(name)") { continue }
            try files.copy("\(folder)/\(name)", to: "\(entry)/\(name)")
        }
    }
}
