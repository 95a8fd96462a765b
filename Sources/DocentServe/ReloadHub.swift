import Foundation

/// The live-reload channel: each open page holds a server-sent-events stream; after every build the hub sends
/// `reload` (the build succeeded) or `errors` (it failed; the page fetches them and shows an overlay). At most
/// `capacity` pages listen at once (a flood of connections cannot grow memory), and a page's subscription is
/// released as soon as it ends (``Subscription/end()``, or the subscription is dropped).
public final class ReloadHub: @unchecked Sendable {
    /// One open page's events; ends its stream when ended or dropped.
    public final class Subscription: Sendable {
        public let events: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        fileprivate init(_ events: AsyncStream<String>, _ continuation: AsyncStream<String>.Continuation) {
            self.events = events
            self.continuation = continuation
        }

        /// The page went: its stream ends and the hub forgets it.
        public func end() { continuation.finish() }

        deinit { continuation.finish() }
    }

    public static let defaultCapacity = 256
    /// The most pages listening at once; one more is refused.
    public let capacity: Int

    private let lock = NSLock()
    private var streams: [UUID: AsyncStream<String>.Continuation] = [:]
    private var _errors: [String] = []
    private var _generation = 0

    public init(capacity: Int = ReloadHub.defaultCapacity) {
        self.capacity = capacity
    }

    /// The errors of the last build, as `file:line:col: error: message` lines; empty after a good build.
    public var errors: [String] { lock.withLock { _errors } }
    /// How many builds have finished.
    public var generation: Int { lock.withLock { _generation } }
    /// How many pages are subscribed now.
    public var listeners: Int { lock.withLock { streams.count } }

    /// A subscription to event names for one page, or nil when `capacity` pages already listen.
    public func subscribe() -> Subscription? {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { _ = self.streams.removeValue(forKey: id) }
        }
        let admitted = lock.withLock { () -> Bool in
            guard streams.count < capacity else { return false }
            streams[id] = continuation
            return true
        }
        guard admitted else { return nil }
        return Subscription(stream, continuation)
    }

    /// Records a finished build and tells every open page.
    public func finished(errors: [String]) {
        let listeners = lock.withLock { () -> [AsyncStream<String>.Continuation] in
            _errors = errors
            _generation += 1
            return Array(streams.values)
        }
        let event = errors.isEmpty ? "reload" : "errors"
        for listener in listeners { listener.yield(event) }
    }

    /// Ends every stream (the server is stopping).
    public func close() {
        let listeners = lock.withLock { Array(streams.values) }
        listeners.forEach { $0.finish() }
    }
}
