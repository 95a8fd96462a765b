import DocentCore
import Foundation

/// The `swiftc` commands the Execute stage needs, run through a `ProcessRunning`.
struct SwiftCompiler: Sendable {
    /// A compiled module: the folder holding `lib<name>.a` and `<name>.swiftmodule`.
    struct Module: Sendable, Hashable {
        var name: String
        var directory: String
    }

    var swiftc: String
    var processRunner: any ProcessRunning
    /// What the compiler runs with: `PATH`, `HOME` and `TMPDIR`, nothing of the article's settings.
    var environment: [String: String]

    /// `swiftc --version`, which names the toolchain in cache keys.
    func version(in directory: String) throws -> String {
        let outcome = try processRunner.run(executable: swiftc, arguments: ["--version"], environment: environment,
                                            workingDirectory: directory, timeLimit: 60, stdoutFile: nil)
        guard outcome.succeeded else { throw DiagnosticError([Diagnostic.error(at: nil, "'\(swiftc) --version' failed: \(outcome.standardError)")]) }
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
            arguments += [main, "-o", output]
        } else {
            // Runs the mandatory SIL passes too, so errors such as use-before-initialisation are caught.
            arguments += ["-emit-sil", main, "-o", "/dev/null"]
        }
        return arguments
    }

    func run(_ arguments: [String], in directory: String, timeLimit: Double = 600) throws -> ProcessOutcome {
        try processRunner.run(executable: swiftc, arguments: arguments, environment: environment,
                              workingDirectory: directory, timeLimit: timeLimit, stdoutFile: nil)
    }
}
