import Foundation

/// Compiles planned programs with `swiftc` and the playground transform, against the runtime and support modules.
struct SwiftCompilerExecutor: CompilerExecuting {
    var compiler: SwiftCompiler
    var modules: [SwiftCompiler.Module]

    func compile(_ request: CompileRequest) throws -> CompileOutcome {
        let program = request.program
        let source = "\(request.directory)/\(program.name).swift"
        let executable = program.runs ? "\(request.directory)/\(program.name)" : nil
        try Data(program.source.utf8).write(to: URL(fileURLWithPath: source))
        let arguments = SwiftCompiler.programArguments(main: source, output: executable,
                                                       swiftVersion: program.swiftVersion, modules: modules)
        let outcome = try compiler.run(arguments, in: request.directory, timeLimit: request.timeLimit)
        if outcome.termination == .timedOut {
            return CompileOutcome(succeeded: false, standardError: outcome.standardError, timedOutAfter: request.timeLimit)
        }
        return CompileOutcome(succeeded: outcome.succeeded, messages: CompilerOutput.errors(in: outcome.standardError),
                              standardError: outcome.standardError, executable: outcome.succeeded ? executable : nil)
    }
}
