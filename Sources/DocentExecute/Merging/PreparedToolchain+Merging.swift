import DocentCore
import DocentMarkdown
import Foundation

extension PreparedToolchain {
    /// Plans every article (purely: each one's first plan, before any compile), collects the programs that will run
    /// and whose run the cache does not hold, and compiles them into merged executables; in the same sandboxes, it
    /// type-checks the programs expected to fail to compile or only type-checked (`MergedBuilder.Check`), whose
    /// outcomes the articles then take. An article with a malformed shared snippet is left to its own path (the
    /// resolver compiles that snippet alone first).
    func merging(_ jobs: [ArticleJob], workers: Int) throws -> any ArticleRunning {
        guard let merger else { return self }
        let found = jobs.concurrentMap(workers: workers) { job in candidates(of: job, cache: merger.cache) }
            .map { (try? $0.get()) ?? ([], [], nil) }
        let toMerge = found.flatMap { $0.0 }
        let toCheck = found.flatMap { $0.1 }
        guard !toMerge.isEmpty || !toCheck.isEmpty else { return self }
        let directory = try scratch.createShared()
        var copy = self
        copy.mergedDirectory = directory
        // The articles' resolvers take the plans made here instead of planning each article again.
        for (job, memo) in zip(jobs, found.map { $0.2 }) { copy.plans[job.articlePath] = memo }
        do {
            let built = try merger.build(toMerge, checking: toCheck, in: directory, workers: workers)
            copy.merged = built.merged
            if !built.checked.isEmpty { copy.compiler = CheckedAheadCompiler(base: compiler, answers: built.checked) }
        } catch {
            // The merged path is only a shortcut: whatever stopped it, every article still compiles its own.
            copy.merged = [:]
        }
        return copy
    }

    func finish() {
        if let mergedDirectory { scratch.remove(mergedDirectory, for: nil) }
        sharedInputs?.remove()
    }

    var startCounts: String? { counts.summary }

    /// APIs that find a type by its name: in a merged executable every program's module is named `main`, so they
    /// could find another program's type of the same name.
    static let lookupsByName = ["NSClassFromString", "_typeByName", "NSKeyedUnarchiver", "NSKeyedArchiver", "NSCoding",
                                "NSSecureCoding"]

    /// Whether `source` uses one of ``lookupsByName`` (byte for byte): such a program compiles apart.
    static func looksTypesUpByName(_ source: String) -> Bool {
        lookupsByName.contains { source.utf8Offset(of: $0) != nil }
    }

    /// The programs of `job` to merge: those of its first plan that run and have no cached run, planned with the
    /// lines marked as errors left out as its resolver will leave them (`expectedSilencing`), none with a marked
    /// line still in; and those to check ahead: the first plan's programs that are only type-checked or hold
    /// marked lines (expected to fail), whose outcome the cache does not hold.
    private func candidates(of job: ArticleJob, cache: ProgramCache?) -> ([MergedBuilder.Candidate], [MergedBuilder.Check], PlanMemo?) {
        guard job.snippets.contains(where: { $0.snippet.isCompiled }) else { return ([], [], nil) }
        let planner = ArticleExecutor.planner(for: job, fingerprints: fingerprints)
        let excluded = planner.initialExclusions()
        let malformed = planner.snippets.indices.contains {
            planner.facts[$0].hasSyntaxErrors && excluded[$0] == nil && planner.snippets[$0].mode.isShared
        }
        guard !malformed else { return ([], [], nil) }
        let context = planner.context
        let settings = context.settings
        let expected = planner.expectedSilencing(excluding: excluded)
        var memo = PlanMemo(planner)
        let first = memo.plan(planner, excluding: excluded)
        let hasMarkedLines = { (program: ProgramPlan, silenced: [Int: Set<Int>]) in
            program.blocks.contains { !planner.snippets[$0.snippet].markedErrors.isEmpty && silenced[$0.snippet] == nil }
        }
        let toRun = expected.silenced.isEmpty ? first : memo.plan(planner, excluding: excluded, adjustments: expected)
        // The first plan's programs expected to fail or only type-checked, and those the marked lines' leaving out
        // changes that are only type-checked (an own program that holds such a snippet as context).
        let toCheck = first.programs.filter { !$0.runs || hasMarkedLines($0, [:]) }
            + toRun.programs.filter { !$0.runs && !first.programs.contains($0) }
        var checks: [MergedBuilder.Check] = []
        for program in toCheck {
            let key = context.cacheKey(for: program)
            if let cache, cache.load(key) != nil { continue }
            checks.append(MergedBuilder.Check(key: key, program: program, articlePath: planner.articlePath,
                                              timeLimit: settings.compileTimeLimit, memoryLimit: settings.compileMemoryLimit))
        }
        var merged: [MergedBuilder.Candidate] = []
        for program in toRun.programs where program.runs && !hasMarkedLines(program, expected.silenced) {
            let key = context.cacheKey(for: program)
            if let cache, cache.load(key)?.run != nil { continue }
            // None expected to fail to compile (marked error lines still in), and none running Swift Testing tests
            // (it runs every test of the executable), looking a type up by name, or run with arguments (an entry
            // point: the merged executable's arguments are its own): those link apart, compiled and linked in the
            // merged build's sandboxes with exactly their article's arguments, while the others compile.
            guard program.arguments.isEmpty, !Self.looksTypesUpByName(program.source),
                  program.source.utf8Offset(of: RuntimeContract.testEntryPoint) == nil else {
                checks.append(MergedBuilder.Check(key: key, program: program, articlePath: planner.articlePath,
                                                  timeLimit: settings.compileTimeLimit, memoryLimit: settings.compileMemoryLimit,
                                                  links: true))
                continue
            }
            merged.append(MergedBuilder.Candidate(key: key, program: program, timeLimit: settings.compileTimeLimit,
                                                  memoryLimit: settings.compileMemoryLimit, articlePath: planner.articlePath))
        }
        return (merged, checks, memo)
    }
}
