import DocentCore
import Foundation

/// Swift Testing runs a program's tests in one process, so a test that traps ends the rest. Docent then runs the
/// program again in a fresh process with the tests it already has results for skipped (the trapped one included),
/// so each test gets its own verdict; a second trap starts a third process, and so on, at most
/// ``maximumReruns`` times and within the article's time budget.
///
/// ```swift
/// runs = try TestReruns(programs: programs, mapper: mapper).rerun(program, request: request, first: (outcome, records),
///                                                                 runs: runs, budget: &budget)
/// ```
struct TestReruns {
    /// How many more processes one program's tests may get after traps.
    static let maximumReruns = 8

    var programs: any ProgramExecuting
    var mapper: OutcomeMapper

    /// `runs` with the results of the tests the traps kept from running added to the snippets that declare them.
    func rerun(_ program: ProgramPlan, request: RunRequest, first: (outcome: ProgramOutcome, records: RuntimeRecords),
               runs: [Int: SnippetRun], budget: inout Double) throws -> [Int: SnippetRun] {
        let declaring = program.targets.filter { !mapper.snippets[$0].declaredTests.isEmpty && runs[$0] != nil }
        guard !declaring.isEmpty, Self.trappedInTests(first.outcome, first.records, program: program) else { return runs }
        var runs = runs
        var last = first
        var skipped = Self.places(first.records)
        for _ in 0..<Self.maximumReruns {
            guard budget > 0, Self.trappedInTests(last.outcome, last.records, program: program) else { break }
            var again = request
            let list = skipped.map { "\($0.line):\($0.column)" }.sorted().joined(separator: ",")
            again.environment[RuntimeContract.Variable.skippedTests] = list
            again.cacheKey = request.cacheKey + "|tests-after:" + list
            again.timeLimit = budget
            let outcome = try programs.run(again)
            budget -= outcome.duration
            let records = RuntimeRecords(parsing: outcome.records)
            let new = Self.places(records).subtracting(skipped)
            guard !new.isEmpty else { break }  // nothing more ran: another run would do the same
            skipped.formUnion(new)
            for index in declaring {
                let known = Set(runs[index]?.tests.map(\.line) ?? [])
                let found = mapper.tests(of: index, in: program, records: records, outcome: outcome).filter { !known.contains($0.line) }
                runs[index]?.tests += found
                runs[index]?.testsStoppedBy = mapper.stoppingTest(in: program, records: records, outcome: outcome)
            }
            last = (outcome, records)
        }
        return runs
    }

    /// Whether the program stopped while a test ran, past the boundary after its last snippet that its tests run
    /// behind (``ProgramSourceBuilder``).
    static func trappedInTests(_ outcome: ProgramOutcome, _ records: RuntimeRecords, program: ProgramPlan) -> Bool {
        guard records.unfinishedTest != nil, records.lastBoundary >= program.blocks.count else { return false }
        switch outcome.termination {
        case .exited(status: 0), .timedOut, .signaled(SIGXCPU): return false
        default: return true
        }
    }

    /// The `@Test` places (program line and column) of the tests a run started or ended.
    private static func places(_ records: RuntimeRecords) -> Set<Place> {
        Set((records.tests + records.startedTests).map { Place(line: $0.line, column: $0.column) })
    }

    private struct Place: Hashable {
        var line: Int
        var column: Int
    }
}
