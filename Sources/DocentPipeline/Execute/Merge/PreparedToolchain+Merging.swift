import DocentCore
import Foundation

extension PreparedToolchain {
    /// Plans every article (purely: each one's first plan, before any compile), collects the programs that will run
    /// and whose run the cache does not hold, and compiles them into merged executables. An article with a malformed
    /// shared snippet is left to its own path (the resolver compiles that snippet alone first).
    func merging(_ jobs: [ArticleJob], workers: Int) throws -> any ArticleRunning {
        guard let merger else { return self }
        let found = jobs.concurrentMap(workers: workers) { job in candidates(of: job, cache: merger.cache) }
            .flatMap { (try? $0.get()) ?? [] }
        guard !found.isEmpty else { return self }
        let directory = try scratch.createShared()
        var copy = self
        copy.mergedDirectory = directory
        do {
            copy.merged = try merger.build(found, in: directory, workers: workers)
        } catch {
            // The merged path is only a shortcut: whatever stopped it, every article still compiles its own.
            copy.merged = [:]
        }
        return copy
    }

    func finish() {
        if let mergedDirectory { scratch.remove(mergedDirectory, for: nil) }
    }

    var startCounts: String? { counts.summary }

    /// APIs that find a type by its name: in a merged executable every program's module is named `main`, so they
    /// could find another program's type of the same name.
    static let lookupsByName = ["NSClassFromString", "_typeByName", "NSKeyedUnarchiver", "NSKeyedArchiver", "NSCoding",
                                "NSSecureCoding"]

    /// Whether `source` uses one of ``lookupsByName``: such a program compiles apart.
    static func looksTypesUpByName(_ source: String) -> Bool {
        lookupsByName.contains { source.contains($0) }
    }

    /// The programs of `job`'s first plan that run, are not expected to fail to compile, and have no cached run.
    private func candidates(of job: ArticleJob, cache: ProgramCache?) -> [MergedBuilder.Candidate] {
        guard job.snippets.contains(where: { $0.snippet.isCompiled }) else { return [] }
        let planner = ArticleExecutor.planner(for: job, fingerprints: fingerprints)
        let excluded = planner.initialExclusions()
        let malformed = planner.snippets.indices.contains {
            planner.facts[$0].hasSyntaxErrors && excluded[$0] == nil && planner.snippets[$0].mode.isShared
        }
        guard !malformed else { return [] }
        let context = planner.context
        return planner.plan(excluding: excluded).programs.compactMap { program in
            // Only programs that run, and none expected to fail to compile (marked error lines) or running Swift Testing
            // tests: those compile apart. A program run with arguments (an entry point) runs apart, as it is: the merged
            // executable's arguments are its own.
            guard program.runs, program.arguments.isEmpty, !program.blocks.contains(where: { !planner.snippets[$0.snippet].markedErrors.isEmpty }),
                  !Self.looksTypesUpByName(program.source),
                  // Swift Testing runs every test of the executable: a program that runs its tests links apart.
                  !program.source.contains(RuntimeContract.testEntryPoint) else { return nil }
            let key = context.cacheKey(for: program)
            if let cache, cache.load(key)?.run != nil { return nil }
            return MergedBuilder.Candidate(key: key, program: program, timeLimit: context.settings.compileTimeLimit,
                                           memoryLimit: context.settings.compileMemoryLimit)
        }
    }
}
