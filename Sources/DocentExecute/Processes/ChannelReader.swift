import Foundation

/// Reads a running program's pipes into its `ProgramChannel` (for `ChannelProcessRunner`): standard output as it
/// comes, and before each chunk of records all the output already written, so a boundary's offset counts every
/// byte printed before it; it acknowledges each boundary, keeps the first `captureLimit` bytes of standard error,
/// kills the program once the channel is over its output limit or cannot be trusted, and reaps it.
struct ChannelReader {
    private var output: Int32
    private var errors: Int32
    private var records: Int32
    private let acknowledgements: Int32
    private let captureLimit: Int
    private let pid: pid_t
    /// Its wait status, once reaped.
    private(set) var status: Int32 = 0
    private(set) var standardError: [UInt8] = []
    private var reaped = false
    private var killed = false
    private var buffer = [UInt8](repeating: 0, count: ChannelProcessRunner.chunk)

    init(output: Int32, errors: Int32, records: Int32, acknowledgements: Int32, captureLimit: Int, pid: pid_t) {
        for fd in [output, errors, records] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        self.output = output
        self.errors = errors
        self.records = records
        self.acknowledgements = acknowledgements
        self.captureLimit = captureLimit
        self.pid = pid
    }

    /// Reads for at most `seconds` (until the program ends when `nil`); returns whether it ended (and was reaped).
    mutating func pump(_ channel: inout ProgramChannel, for seconds: Double?) -> Bool {
        let deadline = seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64(max($0, 0) * 1e9) }
        var pause: Int32 = 1
        while true {
            if reap() { return true }
            let now = DispatchTime.now().uptimeNanoseconds
            if let deadline, now >= deadline { return false }
            // Woken at least every 50 ms: a program that ended may have left its pipes open in a background child.
            let timeout = Int32(min(deadline.map { ($0 - now) / 1_000_000 + 1 } ?? 50, 50))
            var polled = [output, errors, records].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if polled.isEmpty {
                // The pipes are closed; the program is ending.
                usleep(UInt32(min(pause, timeout)) * 1000)
                pause = min(pause * 2, 50)
                continue
            }
            guard poll(&polled, nfds_t(polled.count), timeout) > 0 else { continue }
            for entry in polled where entry.revents != 0 {
                read(entry.fd, into: &channel)
            }
        }
    }

    /// What is left in the pipes once the program ended.
    mutating func drain(_ channel: inout ProgramChannel) {
        for fd in [output, errors, records] where fd >= 0 { read(fd, into: &channel) }
    }

    /// Closes the pipes still open.
    mutating func close() {
        for fd in [output, errors, records] where fd >= 0 { _ = Foundation.close(fd) }
        (output, errors, records) = (-1, -1, -1)
    }

    private mutating func read(_ fd: Int32, into channel: inout ProgramChannel) {
        if fd == records {
            readOutput(&channel) // everything printed before these records
            guard let bytes = readChunk(.records) else { return }
            let boundaries = channel.receive(records: bytes)
            var ack = [UInt8](repeating: UInt8(ascii: "+"), count: boundaries)
            if boundaries > 0 { _ = send(acknowledgements, &ack, boundaries, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if channel.fault != nil { stop() }
        } else if fd == output {
            readOutput(&channel)
        } else if fd == errors, let bytes = readChunk(.errors) {
            standardError.append(contentsOf: bytes.prefix(max(captureLimit - standardError.count, 0)))
        }
    }

    /// Standard output until the pipe is empty (or `drainLimit` chunks: a program printing without end is stopped
    /// by its output limit, not allowed to keep Docent here).
    private mutating func readOutput(_ channel: inout ProgramChannel) {
        for _ in 0..<ChannelProcessRunner.drainLimit {
            guard let bytes = readChunk(.output) else { return }
            channel.receive(output: bytes)
            if channel.isOverLimit { stop() }
        }
    }

    /// The program's pipes.
    private enum Pipe { case output, errors, records }

    /// One chunk from `pipe`; `nil` when nothing is there, and at its end, which also closes it (-1 from then on).
    private mutating func readChunk(_ pipe: Pipe) -> ArraySlice<UInt8>? {
        let fd = switch pipe { case .output: output; case .errors: errors; case .records: records }
        guard fd >= 0 else { return nil }
        let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
        if count > 0 { return buffer[0..<count] }
        if count == 0 || (errno != EAGAIN && errno != EINTR) {
            _ = Foundation.close(fd)
            switch pipe {
            case .output: output = -1
            case .errors: errors = -1
            case .records: records = -1
            }
        }
        return nil
    }

    private mutating func stop() {
        guard !killed else { return }
        killed = true
        ProcessTree.killAll(from: pid)
    }

    private mutating func reap() -> Bool {
        guard !reaped else { return true }
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            reaped = true
        } else if result < 0, errno == ECHILD {
            // Reaped elsewhere: its status is unknown, so it cannot count as a normal exit.
            status = SIGKILL
            reaped = true
        }
        return reaped
    }
}
