/// A value worked out the first time it is asked for, by one thread, and the same answer (or error) after that.
///
/// ```swift
/// let cache = Once { try builder.moduleCache() }
/// let folder = try cache.value()      // built now; later calls return the same folder
/// ```
final class Once<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private let make: @Sendable () throws -> Value
    private var answer: Result<Value, any Error>?

    init(_ make: @escaping @Sendable () throws -> Value) {
        self.make = make
    }

    func value() throws -> Value {
        try lock.withLock {
            if let answer { return try answer.get() }
            let made = Result { try make() }
            answer = made
            return try made.get()
        }
    }
}
