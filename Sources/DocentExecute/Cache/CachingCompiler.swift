import DocentCore
import Foundation

/// A compiler that answers from the result cache when it can, and keeps what the compiler it wraps says.
///
/// ```swift
/// let compiler = CachingCompiler(base: SwiftCompilerExecutor(…), cache: ProgramCache(directory: ".docent-cache", secret: secret))
/// ```
/// A program that is only type-checked, or that failed to compile, is answered from its entry. A program that runs
/// is answered from the cache only when its run is kept too (`CachingProgramExecutor` then answers the run without
/// the executable, which is gone); otherwise it is compiled again, for its executable. A compile that ran out of
/// time is never kept, nor is a failed one none of whose errors is in the article's code (a crash, a linker
/// failure, a tool missing): only the code's own errors are sure to come back.
struct CachingCompiler: CompilerExecuting {
    var base: any CompilerExecuting
    var cache: ProgramCache

    func compile(_ request: CompileRequest) throws -> CompileOutcome {
        if let hit = cache.load(request.cacheKey), !(hit.compile.succeeded && request.program.runs && hit.run == nil) {
            var outcome = hit.compile
            if outcome.succeeded { outcome.executable = request.executablePath }
            return outcome
        }
        let outcome = try base.compile(request)
        if outcome.timedOutAfter == nil,
           outcome.succeeded || outcome.messages.contains(where: { $0.path == request.articlePath }) {
            var storable = outcome
            storable.executable = nil
            cache.store(CachedProgram(compile: storable, run: nil), key: request.cacheKey)
        }
        return outcome
    }
}
