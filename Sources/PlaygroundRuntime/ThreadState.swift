import Foundation

/// What one thread of an article program is doing: the statements it is running (for the crash record), whether it
/// is describing a value (so the value's own instrumented `description` is not recorded), and its signal stack.
///
/// The statement stack is preallocated plain memory, so the crash handler can read it without allocating.
final class ThreadState {
    /// Statements kept per thread; deeper ones are counted but not kept.
    static let capacity = 4096

    /// (line, column) pairs, outermost first.
    let statements: UnsafeMutablePointer<Int>
    /// How many statements are running, which may exceed `capacity`.
    var depth = 0
    /// Set while the thread renders a value.
    var isDescribing = false
    /// A buffer the crash handler formats its record in.
    let crashBuffer: UnsafeMutableRawBufferPointer

    private init() {
        statements = .allocate(capacity: Self.capacity * 2)
        crashBuffer = .allocate(byteCount: CrashHandler.bufferSize, alignment: 1)
        CrashHandler.installAlternateStack()
    }

    /// The calling thread's state, made on its first call into the runtime.
    static var current: ThreadState {
        if let raw = pthread_getspecific(key) { return Unmanaged<ThreadState>.fromOpaque(raw).takeUnretainedValue() }
        let state = ThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// The calling thread's state if it has one, without making it: what the crash handler may call.
    static var existing: ThreadState? {
        pthread_getspecific(key).map { Unmanaged<ThreadState>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    func enter(line: Int, column: Int) {
        guard !isDescribing else { return }
        if depth < Self.capacity {
            statements[depth * 2] = line
            statements[depth * 2 + 1] = column
        }
        depth += 1
    }

    /// Ends the statement at (line, column), and any inner ones a `throw`, `break` or `return` skipped.
    func leave(line: Int, column: Int) {
        guard !isDescribing else { return }
        var index = min(depth, Self.capacity) - 1
        while index >= 0 {
            if statements[index * 2] == line, statements[index * 2 + 1] == column {
                depth = index
                return
            }
            index -= 1
        }
        if depth > Self.capacity { depth -= 1 }
    }
}
