import Foundation

extension Array where Element: Sendable {
    /// `map` on `workers` threads (default: one per core): each element's result lands in its own slot, so the
    /// order is kept. Every element is transformed even when some throw; the results come back as `Result`s for
    /// the caller to collect.
    package func concurrentMap<T>(workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                          _ transform: @Sendable (Element) throws -> T) -> [Result<T, any Error>] {
        let workers = Swift.min(count, workers)
        guard workers > 1 else { return map { element in Result { try transform(element) } } }
        let results = ConcurrentResults<T>(count: count)
        withoutActuallyEscaping(transform) { transform in
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let position = results.next() {
                    results.set(position, Result { try transform(self[position]) })
                }
            }
        }
        return (0..<count).map { results.value(at: $0) }
    }
}
