import DocentPipeline
import Foundation

extension Docent {
    /// The runner that compiles and runs snippets, shared by `build` and `test`: `swiftc`, the cache folder and
    /// libfaketime are found from the process environment here, at the edge, and nowhere deeper.
    static func makeRunner(_ options: ExecutionOptions, content: String) -> any ArticleRunning {
        var environment = ExecutionEnvironment(environment: ProcessInfo.processInfo.environment)
        environment.usesSandbox = !options.noSandbox
        environment.emitProgramsDirectory = options.emitPrograms
        let work = Interruption.shared.work
        return SwiftArticleRunner(environment: environment, processRunner: FoundationProcessRunner(activeWork: work),
                                  activeWork: work, cache: options.programCache(content: content))
    }
}
