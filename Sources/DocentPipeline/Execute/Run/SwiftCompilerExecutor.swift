import Foundation

/// Compiles planned programs with `swiftc` and the playground transform, against the runtime and support modules.
struct SwiftCompilerExecutor: CompilerExecuting {
    var compiler: SwiftCompiler
    var modules: [SwiftCompiler.Module]
    /// When set, each program is also kept as `<article path, / as _>/<program>/main.swift` below it, with its
    /// arguments in `command.txt`.
    var emitDirectory: String?

    func compile(_ request: CompileRequest) throws -> CompileOutcome {
        let program = request.program
        let source = "\(request.directory)/\(program.name).swift"
        let executable = request.executablePath
        try Data(program.source.utf8).write(to: URL(fileURLWithPath: source))
        let arguments = SwiftCompiler.programArguments(main: source, output: executable,
                                                       swiftVersion: program.swiftVersion, modules: modules)
        if let emitDirectory {
            let article = request.articlePath.replacingOccurrences(of: "/", with: "_")
            try emit(program, arguments: arguments, source: source, executable: executable, into: "\(emitDirectory)/\(article)")
        }
        let outcome = try compiler.run(arguments, in: request.directory, timeLimit: request.timeLimit)
        if outcome.termination == .timedOut {
            return CompileOutcome(succeeded: false, standardError: outcome.standardError, timedOutAfter: request.timeLimit)
        }
        return CompileOutcome(succeeded: outcome.succeeded, messages: CompilerOutput.errors(in: outcome.standardError),
                              standardError: outcome.standardError, executable: outcome.succeeded ? executable : nil)
    }

    /// Writes the program as `main.swift` and its arguments, one per line, as `command.txt` (paths to the scratch
    /// folder replaced by `main.swift` and `main`), so it can be compiled again by hand with `swiftc $(cat command.txt)`.
    private func emit(_ program: ProgramPlan, arguments: [String], source: String, executable: String?, into directory: String) throws {
        let folder = "\(directory)/\(program.name)"
        try FileManager().createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(program.source.utf8).write(to: URL(fileURLWithPath: "\(folder)/main.swift"))
        let portable = arguments.map { argument in
            argument == source ? "main.swift" : argument == executable ? "main" : argument
        }
        try Data((portable.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: "\(folder)/command.txt"))
    }
}
