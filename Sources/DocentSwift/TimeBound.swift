import Foundation

/// Runs work on a thread of its own, with a large stack, and waits for it at most a given time.
///
/// ```swift
/// let tree = TimeBound(.seconds(10)).run { Parser.parse(source: code) }   // nil if it took longer
/// ```
///
/// A thread cannot be stopped from outside: work that overruns finishes in the background and its result is
/// dropped. Use it behind limits that already make such work rare (``AnalysisLimits``).
struct TimeBound {
    /// swift-syntax recurses on every level of nesting; 16 MiB holds the deepest code ``AnalysisLimits`` lets through
    /// even in a debug build, whatever the stack of the calling thread.
    static let stackSize = 16 << 20

    let limit: Duration

    init(_ limit: Duration) {
        self.limit = limit
    }

    /// `work`'s result, or `nil` when it was not finished within the limit (measured from the call, so a result
    /// that arrives late is refused even if the caller only looks afterwards).
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        let outcome = Outcome<T>(clock: clock)
        let thread = Thread { outcome.finish(work()) }
        thread.stackSize = Self.stackSize
        thread.start()
        return outcome.value(ifFinishedBy: deadline)
    }
}

/// The result a worker thread hands over, with when it was ready.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let clock: ContinuousClock
    private var result: (value: T, at: ContinuousClock.Instant)?

    init(clock: ContinuousClock) {
        self.clock = clock
    }

    func finish(_ value: T) {
        condition.lock()
        result = (value, clock.now)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `deadline` at most; the value only if it was ready by then.
    func value(ifFinishedBy deadline: ContinuousClock.Instant) -> T? {
        condition.lock()
        defer { condition.unlock() }
        while result == nil {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { break }
            let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
            _ = condition.wait(until: Date().addingTimeInterval(seconds))
        }
        guard let result, result.at <= deadline else { return nil }
        return result.value
    }
}
