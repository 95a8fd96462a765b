import Foundation

/// Turns bursts of changes into rebuilds: a change starts a quiet period (`delay`); another change restarts it;
/// when it ends, one rebuild runs. A change during a rebuild runs another right after it, never two at once.
public final class RebuildScheduler: @unchecked Sendable {
    private enum State { case idle, waiting, building, buildingThenAgain }

    private let delay: Double
    private let rebuild: @Sendable () -> Void
    private let queue = DispatchQueue(label: "docent.rebuild")
    private let lock = NSLock()
    private var state = State.idle
    /// Bumped by every change, so only the latest quiet period's timer fires.
    private var ticket = 0

    public init(delay: Double = 0.12, rebuild: @escaping @Sendable () -> Void) {
        self.delay = delay
        self.rebuild = rebuild
    }

    /// Something changed.
    public func changed() {
        lock.withLock {
            switch state {
            case .building, .buildingThenAgain:
                state = .buildingThenAgain
            case .idle, .waiting:
                startQuietPeriod()
            }
        }
    }

    private func quietPeriodEnded(_ mine: Int) {
        let go = lock.withLock { () -> Bool in
            guard state == .waiting, ticket == mine else { return false }
            state = .building
            return true
        }
        guard go else { return }
        rebuild()
        lock.withLock {
            if state == .buildingThenAgain { startQuietPeriod() } else { state = .idle }
        }
    }

    /// Waits `delay` for the changes to settle, superseding any earlier wait. Called with the lock held.
    private func startQuietPeriod() {
        state = .waiting
        ticket += 1
        let mine = ticket
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in self?.quietPeriodEnded(mine) }
    }
}
