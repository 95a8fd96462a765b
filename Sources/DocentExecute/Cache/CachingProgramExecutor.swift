import DocentCore
import Foundation

/// A program executor that answers from the result cache when the program's run is kept, and adds what the
/// executor it wraps did to the program's entry when it is worth keeping.
///
/// ```swift
/// let programs = CachingProgramExecutor(base: LocalProgramExecutor(…), cache: ProgramCache(directory: ".docent-cache", secret: secret))
/// ```
/// Only a run the runtime saw start is kept, and not one that timed out: a time-out may not happen again, and a
/// program that never reached its first snippet (a library it could not load) says something about this machine,
/// not about the program. The entry `CachingCompiler` wrote for the program's compile is the one the run joins.
struct CachingProgramExecutor: ProgramExecuting {
    var base: any ProgramExecuting
    var cache: ProgramCache

    func run(_ request: RunRequest) throws -> ProgramOutcome {
        let entry = cache.load(request.cacheKey)
        if let run = entry?.run { return run }
        let outcome = try base.run(request)
        if var entry, outcome.termination != .timedOut, RuntimeRecords(parsing: outcome.records).lastBoundary >= 0 {
            entry.run = outcome
            cache.store(entry, key: request.cacheKey)
        }
        return outcome
    }
}
