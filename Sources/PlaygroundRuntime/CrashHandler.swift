import Foundation

/// Records what was running when the program traps or crashes, then lets the signal kill it as usual.
///
/// The handler is async-signal-safe: it reads the crashing thread's preallocated statement stack, formats the
/// `trap` record by hand into that thread's preallocated buffer (after the channel's prefix, prebuilt at install,
/// and the writer's next number), and writes it with `write(2)`. No allocation, no locks, no Swift strings. Values need no saving here: they were written as they were recorded.
enum CrashHandler {
    static let bufferSize = 4096
    /// Statements kept from each end of a deep stack.
    static let keptFromEachEnd = 32
    static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// Where the handler writes, or -1.
    nonisolated(unsafe) private static var fd: Int32 = -1
    /// The token and a space, which start the record.
    nonisolated(unsafe) private static var prefix = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// The writer's next record number.
    nonisolated(unsafe) private static var sequence: UnsafeMutablePointer<Int>?

    static func install(writer: RecordWriter) {
        let bytes = Array((writer.token + " ").utf8)
        prefix = .allocate(byteCount: bytes.count, alignment: 1)
        prefix.copyBytes(from: bytes)
        sequence = writer.sequence
        fd = writer.fd
        _ = ThreadState.current // the installing thread's stack and buffer exist before any signal
        // A program inherits its parent's blocked signals (a test runner may block SIGABRT): unblocked, a trap
        // or `raise(SIGABRT)` ends it wherever it was started from.
        var crashSignals = sigset_t()
        sigemptyset(&crashSignals)
        for signal in signals { sigaddset(&crashSignals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &crashSignals, nil)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in CrashHandler.handle(signal) }
            action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(signal, &action, nil)
        }
    }

    /// Gives the calling thread a signal stack of its own, so a stack overflow can still be reported.
    static func installAlternateStack() {
        let size = 64 * 1024
        guard let memory = malloc(size) else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        sigaltstack(&stack, nil)
    }

    private static func handle(_ signal: Int32) {
        // The handler was reset to the default action (`SA_RESETHAND`) and the signal is blocked while it runs:
        // raised again, it is delivered as the handler returns and ends the program, also when it was sent
        // (`raise(SIGABRT)`) rather than caused by an instruction that would fault again.
        defer { raise(signal) }
        guard fd >= 0, let sequence, let state = ThreadState.existing else { return }
        var header = ByteWriter(buffer: state.crashBuffer)
        header.append(UnsafeRawBufferPointer(prefix))
        header.append(sequence.pointee)
        header.append(" ")
        let length = header.count + formatTrap(signal: signal, statements: state.statements, depth: state.depth,
                                               into: UnsafeMutableRawBufferPointer(rebasing: state.crashBuffer[header.count...]))
        var written = 0
        while written < length {
            let result = write(fd, state.crashBuffer.baseAddress! + written, length - written)
            if result <= 0 { return }
            written += result
        }
    }

    /// Formats `{"kind":"trap","signal":S,"sites":[[L,C],…]}` and a line break into `buffer`, keeping the outer and
    /// inner `keptFromEachEnd` statements of a deeper stack; returns the length. Allocates nothing.
    static func formatTrap(signal: Int32, statements: UnsafePointer<Int>, depth: Int,
                           into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var writer = ByteWriter(buffer: buffer)
        writer.append(#"{"kind":""#)
        writer.append(RuntimeContract.RecordKind.trap.name)
        writer.append(#"","signal":"#)
        writer.append(Int(signal))
        writer.append(#","sites":["#)
        let stored = min(depth, ThreadState.capacity)
        var first = true
        for index in 0..<stored where index < keptFromEachEnd || index >= stored - keptFromEachEnd {
            if !first { writer.append(",") }
            first = false
            writer.append("[")
            writer.append(statements[index * 2])
            writer.append(",")
            writer.append(statements[index * 2 + 1])
            writer.append("]")
        }
        writer.append("]}\n")
        return writer.count
    }
}

/// Appends ASCII text and decimal integers to a fixed buffer, dropping what does not fit. Allocates nothing.
struct ByteWriter {
    let buffer: UnsafeMutableRawBufferPointer
    private(set) var count = 0

    init(buffer: UnsafeMutableRawBufferPointer) {
        self.buffer = buffer
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            for byte in bytes { appendByte(byte) }
        }
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { appendByte(byte) }
    }

    mutating func append(_ number: Int) {
        if number < 0 { appendByte(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var length = 0
        withUnsafeMutableBytes(of: &digits) { slots in
            repeat {
                slots[length] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                length += 1
            } while magnitude > 0
            while length > 0 {
                length -= 1
                appendByte(slots[length])
            }
        }
    }

    private mutating func appendByte(_ byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }
}
