import Foundation

/// The live-reload channel: each open page holds a server-sent-events stream; after every build the hub sends
/// `reload` (the build succeeded) or `errors` (it failed; the page fetches them and shows an overlay).
public final class ReloadHub: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [UUID: AsyncStream<String>.Continuation] = [:]
    private var _errors: [String] = []
    private var _generation = 0

    public init() {}

    /// The errors of the last build, as `file:line:col: error: message` lines; empty after a good build.
    public var errors: [String] { lock.withLock { _errors } }
    /// How many builds have finished.
    public var generation: Int { lock.withLock { _generation } }
    public var listeners: Int { lock.withLock { streams.count } }

    /// A stream of event names for one page; it ends when the page goes away.
    public func subscribe() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { _ = self.streams.removeValue(forKey: id) }
        }
        lock.withLock { streams[id] = continuation }
        return stream
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
