import DocentCore
import DocentSwift
import Foundation

/// Builds the modules article programs link: Docent's playground runtime (once per toolchain and runtime source)
/// and the site's support module (once per change of its sources), each into the module cache.
///
/// ```swift
/// let builder = ModuleBuilder(compiler: compiler, version: identity.version, cache: ModuleCache(directory: folder))
/// let runtime = try builder.runtime()        // (module, key)
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

    /// The runtime module.
    func runtime() throws -> (module: SwiftCompiler.Module, key: String) {
        let name = RuntimeContract.moduleName
        let files = RuntimeSource.files
        let key = StableHash.of([version] + Self.runtimeFlags + files.flatMap { [$0.name, $0.text] })
        let directory = try toolsFailure("cannot build Docent's playground runtime in \(cache.directory)") {
            try cache.entry("runtime", key: key, toolchain: version) { directory in
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

    /// The support module `moduleName` from `sources`; their compile errors are thrown located in those files.
    func support(_ moduleName: String, sources: [SupportSource]) throws -> (module: SwiftCompiler.Module, key: String) {
        let key = StableHash.of([version, moduleName] + Self.supportFlags + sources.flatMap { [$0.path, $0.text] })
        let directory = try cache.entry("support-\(moduleName)", key: key, toolchain: version) { directory in
            var files: [String] = []
            for (number, source) in sources.enumerated() {
                let file = "\(directory)/\(number)-\(URL(fileURLWithPath: source.path).lastPathComponent)"
                let text = "#sourceLocation(file: \(SwiftStringLiteral.quoted(source.path)), line: 1)\n" + source.text
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
}
