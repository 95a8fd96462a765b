import DocentCore
import Foundation

/// Compiles planned programs with `swiftc` and the playground transform, against the runtime and support modules,
/// each in a folder of its own (inside the sandbox when the compiler has one); the executable is then moved to
/// the request's `executablePath`.
struct SwiftCompilerExecutor: CompilerExecuting {
    var compiler: SwiftCompiler
    var modules: [SwiftCompiler.Module]
    /// The warmed Clang module cache each sandboxed compile starts from (built on the first compile; `nil` without
    /// a sandbox).
    var moduleCache: Once<String?>
    /// When set, each program is also kept as `<article path, / as _>/<program>/main.swift` below it, with its
    /// arguments in `command.txt`.
    var emitDirectory: String?
    /// What finds and links the documented package (from SwiftPM), added to every program's compile.
    var packageArguments: [String] = []
    /// Folder prefixes in the compiler's messages shown as another (the package's copy as the package itself).
    var shownPaths: [(from: String, to: String)] = []
    var counts = ExecutionCounts(sandboxed: false)

    func compile(_ request: CompileRequest) throws -> CompileOutcome {
        let program = request.program
        let limits = ProgramLimits(memory: request.memoryLimit, cpuSeconds: Int(request.timeLimit.rounded(.up)) * 2 + 1,
                                   fileSize: SwiftCompiler.outputSizeLimit)
        let cache = try moduleCache.value()
        counts.add(compiles: 1)
        var output: String?
        var (outcome, folder) = try compiler.run(under: request.directory, modules: modules, moduleCache: cache,
                                                 timeLimit: request.timeLimit, limits: limits) { folder, modules in
            let source = "\(folder)/\(program.name).swift"
            output = "\(folder)/\(program.name)"
            try Data(program.source.utf8).write(to: URL(fileURLWithPath: source))
            return SwiftCompiler.programArguments(main: source, output: program.runs ? output : nil,
                                                  swiftVersion: program.swiftVersion, modules: modules) + packageArguments
        }
        defer { try? DiskScratch().remove(folder) }
        for (from, to) in shownPaths { outcome.standardError = outcome.standardError.replacingOccurrences(of: from, with: to) }
        if let emitDirectory {
            try emit(program, into: "\(emitDirectory)/\(request.articlePath.replacingOccurrences(of: "/", with: "_"))")
        }
        if outcome.termination == .timedOut {
            return CompileOutcome(succeeded: false, standardError: outcome.standardError, timedOutAfter: request.timeLimit)
        }
        if !outcome.succeeded, let fault = CompilerFault(standardError: outcome.standardError) {
            throw DiagnosticError([ToolchainDiagnostics.machineFault(article: request.articlePath, reason: fault.reason,
                                                                     compilerSaid: outcome.standardError.lastLines(4))])
        }
        var executable: String?
        if outcome.succeeded, let path = request.executablePath, let output {
            try? DiskScratch().remove(path)
            try DiskScratch().move(output, to: path)
            executable = path
        }
        return CompileOutcome(succeeded: outcome.succeeded, messages: CompilerOutput.errors(in: outcome.standardError),
                              standardError: outcome.standardError, executable: executable)
    }

    /// Writes the program as `main.swift` and the arguments that build it as `main` from there, one per line, as
    /// `command.txt` (against the modules in the cache), so it can be compiled by hand with `swiftc $(cat command.txt)`.
    private func emit(_ program: ProgramPlan, into directory: String) throws {
        let folder = "\(directory)/\(program.name)"
        try DiskScratch().makeFolder(folder)
        try Data(program.source.utf8).write(to: URL(fileURLWithPath: "\(folder)/main.swift"))
        let arguments = SwiftCompiler.programArguments(main: "main.swift", output: program.runs ? "main" : nil,
                                                       swiftVersion: program.swiftVersion, modules: modules) + packageArguments
        try Data((arguments.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: "\(folder)/command.txt"))
    }
}
