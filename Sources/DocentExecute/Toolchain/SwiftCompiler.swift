import DocentCore
import Foundation

/// The `swiftc` commands the Execute stage needs, run through a `ProcessRunning`: every compile in a fresh folder
/// of its own, inside the sandbox when there is one (`CompileSandbox`).
struct SwiftCompiler: Sendable {
    /// A compiled module: the folder holding `lib<name>.a` and `<name>.swiftmodule`.
    struct Module: Sendable, Hashable {
        var name: String
        var directory: String
    }

    /// Bytes any one file a compile writes may hold.
    static let outputSizeLimit = 1 << 30

    var swiftc: String
    var processRunner: any ProcessRunning
    /// What the compiler runs with: `PATH`, `HOME` and `TMPDIR`, nothing of the article's settings.
    var environment: [String: String]
    /// The sandbox compiles run in; `nil` runs them on the host.
    var sandbox: CompileSandbox?

    /// `swiftc --version`, which names the toolchain in cache keys.
    func version(in directory: String) throws -> String {
        let outcome = try processRunner.run(executable: swiftc, arguments: ["--version"], environment: environment,
                                            workingDirectory: directory, timeLimit: 60, stdoutFile: nil)
        guard outcome.succeeded else { throw DiagnosticError([ToolchainDiagnostics.versionFailed(swiftc, said: outcome.standardError)]) }
        return outcome.standardOutput + outcome.standardError
    }

    /// Where programs it builds load the Swift runtime libraries from (`swiftc -print-target-info`).
    func runtimeLibraryPaths(in directory: String) throws -> [String] {
        struct TargetInfo: Decodable {
            struct Paths: Decodable { var runtimeLibraryPaths: [String] }
            var paths: Paths
        }
        let outcome = try processRunner.run(executable: swiftc, arguments: ["-print-target-info"], environment: environment,
                                            workingDirectory: directory, timeLimit: 60, stdoutFile: nil)
        guard outcome.succeeded else { return [] }
        return (try? JSONDecoder().decode(TargetInfo.self, from: Data(outcome.standardOutput.utf8)))?.paths.runtimeLibraryPaths ?? []
    }

    /// Arguments that build a static library module from `sources` into `directory`.
    static func libraryArguments(moduleName: String, sources: [String], directory: String, extra: [String] = []) -> [String] {
        ["-parse-as-library", "-emit-library", "-static", "-emit-module", "-module-name", moduleName,
         "-emit-module-path", "\(directory)/\(moduleName).swiftmodule", "-diagnostic-style", "llvm"]
            + extra + sources + ["-o", "\(directory)/lib\(moduleName).a"]
    }

    /// Arguments that compile an article's `main.swift` with the playground transform; `output` nil only checks it.
    static func programArguments(main: String, output: String?, swiftVersion: Int, modules: [Module]) -> [String] {
        var arguments = ["-module-name", "main", "-swift-version", String(swiftVersion),
                         "-Xfrontend", "-playground", "-Xfrontend", "-pc-macro",
                         // Logging parameters passes each to the generic logger, which a non-escaping
                         // closure parameter cannot be: `func apply(_ f: (Int) -> Int)` would not compile.
                         "-Xfrontend", "-playground-option", "-Xfrontend", "NoFunctionParameters",
                         "-diagnostic-style", "llvm"]
        for module in modules {
            arguments += ["-I", module.directory, "-L", module.directory, "-l\(module.name)"]
        }
        if let output {
            // The runtime's archive member defining each is linked although nothing in the program calls it, and
            // exported, so Dispatch and Foundation bind to it before a preloaded library's (libfaketime's).
            for function in RuntimeContract.interposedFunctions {
                arguments += ["-Xlinker", "--undefined=\(function)", "-Xlinker", "--export-dynamic-symbol=\(function)"]
            }
            arguments += [main, "-o", output]
        } else {
            // Runs the mandatory SIL passes too, so errors such as use-before-initialisation are caught.
            arguments += ["-emit-sil", main, "-o", "/dev/null"]
        }
        return arguments
    }

    /// Runs a shell script in one sandbox (in a fresh folder under `parent`, staged as for `run(under:)`), for several
    /// compiles that share one start: `script` is given the folder and the modules and returns the script, which
    /// names `swiftc` (with `-module-cache-path` ``CompileSandbox/moduleCachePath``) itself. Only with a sandbox.
    func runScript(under parent: String, modules: [Module], moduleCache: String?, timeLimit: Double, limits: ProgramLimits?,
                   script: (_ folder: String, _ modules: [Module]) throws -> String) throws -> (ProcessOutcome, folder: String)? {
        guard let sandbox else { return nil }
        let staged = try sandbox.stage(modules: modules, moduleCache: moduleCache, in: parent)
        let file = "\(staged.folder)/compile.sh"
        try Data(try script(staged.folder, staged.modules).utf8).write(to: URL(fileURLWithPath: file))
        let command = sandbox.wrap(ProgramCommand(executable: "/bin/sh", arguments: [file], environment: environment),
                                   staged: staged, limits: limits, isCompiler: false)
        let outcome = try processRunner.run(executable: command.executable, arguments: command.arguments,
                                            environment: command.environment, workingDirectory: staged.folder,
                                            timeLimit: timeLimit, stdoutFile: nil)
        return (sandbox.unwrap(outcome), staged.folder)
    }

    /// Runs `swiftc` in a fresh folder under `parent`, the only place it may write: `arguments` is given the folder
    /// and the modules to link (copies when sandboxed) and returns the command line. With a sandbox, `moduleCache`
    /// is the compile's Clang module cache (the build's shared copy, read-only, when the sandbox has shared inputs;
    /// a compile that must write a module into it is run again with a copy of its own) and `limits` bound its
    /// memory, file sizes and tasks; without one, neither is used.
    /// The caller takes what it needs from the folder and removes it.
    func run(under parent: String, modules: [Module] = [], moduleCache: String? = nil, timeLimit: Double = 600,
             limits: ProgramLimits? = nil,
             arguments: (_ folder: String, _ modules: [Module]) throws -> [String]) throws -> (ProcessOutcome, folder: String) {
        guard let sandbox else {
            let folder = try ScratchFolders.compileFolder(in: parent)
            let outcome = try processRunner.run(executable: swiftc, arguments: try arguments(folder, modules),
                                                environment: environment, workingDirectory: folder, timeLimit: timeLimit,
                                                stdoutFile: nil)
            return (outcome, folder)
        }
        var staged = try sandbox.stage(modules: modules, moduleCache: moduleCache, in: parent)
        var outcome = try run(sandbox, staged: staged, timeLimit: timeLimit, limits: limits, arguments: arguments)
        if staged.isShared, !outcome.succeeded, SharedCompileInputs.needsWritableCache(outcome.standardError) {
            // A Clang module the shared cache lacks: compiled again with a cache of its own it may write.
            try? NoFollowFiles.removeTree(staged.folder)
            staged = try sandbox.stage(modules: modules, moduleCache: moduleCache, in: parent, privately: true)
            outcome = try run(sandbox, staged: staged, timeLimit: timeLimit, limits: limits, arguments: arguments)
        }
        return (outcome, staged.folder)
    }

    /// Runs `swiftc` in the sandbox, in a staged folder.
    private func run(_ sandbox: CompileSandbox, staged: CompileSandbox.Staged, timeLimit: Double, limits: ProgramLimits?,
                     arguments: (_ folder: String, _ modules: [Module]) throws -> [String]) throws -> ProcessOutcome {
        let command = sandbox.wrap(ProgramCommand(executable: swiftc, arguments: try arguments(staged.folder, staged.modules),
                                                  environment: environment),
                                   staged: staged, limits: limits)
        let outcome = try processRunner.run(executable: command.executable, arguments: command.arguments,
                                            environment: command.environment, workingDirectory: staged.folder,
                                            timeLimit: timeLimit, stdoutFile: nil)
        return sandbox.unwrap(outcome)
    }
}
