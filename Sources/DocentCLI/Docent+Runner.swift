import DocentCore
import DocentExecute
import DocentPipeline
import Foundation

extension Docent {
    /// What compiles and runs snippets, shared by `build`, `test` and `serve`: `swiftc`, the cache folder and
    /// libfaketime are found from the process environment here, at the edge, and nowhere deeper. `reporter` hears
    /// when the runtime is compiled on a cold cache.
    static func makeToolchain(_ options: ExecutionOptions, content: String, reporter: any Reporter) -> any ToolchainPreparing {
        var environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        environment.usesSandbox = !options.noSandbox
        environment.merges = !options.noMerge
        environment.emitProgramsDirectory = options.emitPrograms
        let work = Interruption.shared.work
        return ToolchainBuilder(environment: environment, processRunner: FoundationProcessRunner(activeWork: work),
                                activeWork: work, cache: options.programCache(content: content), reporter: reporter)
    }
}
