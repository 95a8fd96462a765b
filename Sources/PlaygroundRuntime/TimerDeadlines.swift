// An article that sets `now` runs with libfaketime preloaded. libfaketime (0.9.10) moves every absolute deadline
// given to `timerfd_settime` by the fake clock's offset, whatever clock the timer counts: Dispatch, Swift
// concurrency and Foundation's run loops arm CLOCK_MONOTONIC and CLOCK_BOOTTIME timers with absolute deadlines, so
// with `now` in the past `asyncAfter`, `Task.sleep` and `Timer` would fire years late. The program defines
// `timerfd_settime` itself (Docent links it with `RuntimeContract.interposedFunctions` exported), which the dynamic
// linker binds before the preloaded library's: timers of those clocks go straight to libc, wall-clock timers still
// go through libfaketime, whose shift turns a deadline read from the fake clock into the real one.
#if os(Linux)
import Glibc

/// Where `timerfd_settime` goes: libc's own definition for timers of a clock `now` leaves alone, the next
/// definition after the program (libfaketime's when it is preloaded, else libc's) for the rest.
struct TimerDeadlines: @unchecked Sendable {
    typealias SetTime = @convention(c) (Int32, Int32, UnsafePointer<itimerspec>?,
                                        UnsafeMutablePointer<itimerspec>?) -> Int32

    /// The definitions, looked up once.
    static let resolved = TimerDeadlines()

    /// libc's own definition, which calls the kernel.
    let direct: SetTime?
    /// The definition the program would have bound without its own.
    let next: SetTime?

    init(direct: SetTime?, next: SetTime?) {
        self.direct = direct
        self.next = next
    }

    /// libc's definition and the next one after the program's (`RTLD_NEXT`).
    init() {
        let libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD)
        self.init(direct: libc.flatMap { dlsym($0, "timerfd_settime") }.map { unsafeBitCast($0, to: SetTime.self) },
                  next: dlsym(UnsafeMutableRawPointer(bitPattern: -1), "timerfd_settime").map { unsafeBitCast($0, to: SetTime.self) })
    }

    /// Arms or disarms timer `fd` as `timerfd_settime(2)` does.
    func setTime(_ fd: Int32, _ flags: Int32, _ newValue: UnsafePointer<itimerspec>?,
                 _ oldValue: UnsafeMutablePointer<itimerspec>?) -> Int32 {
        guard let next else {
            errno = ENOSYS
            return -1
        }
        // Nothing in between (no `now`), or a timer whose clock cannot be read (no `/proc`): as without the runtime.
        guard let direct, unsafeBitCast(direct, to: UnsafeRawPointer.self) != unsafeBitCast(next, to: UnsafeRawPointer.self),
              let clock = Self.clock(of: fd), !Self.isWallClock(clock) else {
            return next(fd, flags, newValue, oldValue)
        }
        return direct(fd, flags, newValue, oldValue)
    }

    /// Whether `clock` is one of the wall clocks libfaketime fakes (CLOCK_REALTIME, CLOCK_REALTIME_ALARM).
    static func isWallClock(_ clock: Int32) -> Bool {
        clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_ALARM
    }

    /// The clock timer `fd` counts, as the kernel reports it in `/proc/self/fdinfo`; `nil` when it cannot be read.
    static func clock(of fd: Int32) -> Int32? {
        let file = open("/proc/self/fdinfo/\(fd)", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return clock(inFdinfo: bytes.prefix(count))
    }

    /// The number on the `clockid:` line of a timer's fdinfo text.
    static func clock(inFdinfo text: ArraySlice<UInt8>) -> Int32? {
        let key = Array("clockid:".utf8)
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if line.starts(with: key) {
                let digits = line.dropFirst(key.count).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                return Int32(String(decoding: digits, as: UTF8.self))
            }
            lineStart = lineEnd + 1
        }
        return nil
    }
}

/// The program's `timerfd_settime`: see `TimerDeadlines`.
@_cdecl("timerfd_settime")
public func __docent_timerfd_settime(_ fd: Int32, _ flags: Int32, _ newValue: UnsafePointer<itimerspec>?,
                                     _ oldValue: UnsafeMutablePointer<itimerspec>?) -> Int32 {
    TimerDeadlines.resolved.setTime(fd, flags, newValue, oldValue)
}
#endif
