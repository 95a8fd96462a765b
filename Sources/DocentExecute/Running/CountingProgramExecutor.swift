/// A program executor that counts the programs it starts (`ExecutionCounts`); inside the cache, so answers from
/// the cache are not counted.
struct CountingProgramExecutor: ProgramExecuting {
    var base: any ProgramExecuting
    var counts: ExecutionCounts

    func run(_ request: RunRequest) throws -> ProgramOutcome {
        counts.add(runs: 1)
        return try base.run(request)
    }
}
