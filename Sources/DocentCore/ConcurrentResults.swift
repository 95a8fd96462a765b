import Foundation

/// Results of `count` jobs done by several threads at once: each thread takes the next job number, and each
/// result lands in the job's own slot, so the order of the results is the order of the jobs.
final class ConcurrentResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, any Error>?]
    private var taken = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// The next job number nobody has taken, or `nil` when all are taken.
    func next() -> Int? {
        lock.withLock {
            guard taken < slots.count else { return nil }
            defer { taken += 1 }
            return taken
        }
    }

    func set(_ position: Int, _ result: Result<Value, any Error>) {
        lock.withLock { slots[position] = result }
    }

    /// The result of job `position`; every job must have been done.
    func value(at position: Int) -> Result<Value, any Error> {
        lock.withLock { slots[position] } ?? .failure(DiagnosticError([.jobNeverDone(position)]))
    }
}
