#if os(Linux)
import Glibc
import Testing
@testable import PlaygroundRuntime

/// The program's own `timerfd_settime`: timers of the clocks `now` leaves alone go to libc as given, wall-clock
/// timers to the next definition (libfaketime's under a set `now`).
@Suite struct TimerDeadlinesTests {
    typealias Create = @convention(c) (Int32, Int32) -> Int32
    typealias GetTime = @convention(c) (Int32, UnsafeMutablePointer<itimerspec>?) -> Int32

    /// libc's functions, which Glibc's module does not import.
    static func libc<T>(_ name: String, as type: T.Type) -> T {
        unsafeBitCast(dlsym(dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD), name)!, to: type)
    }

    func timer(_ clock: Int32) -> Int32 {
        Self.libc("timerfd_create", as: Create.self)(clock, Int32(O_CLOEXEC))
    }

    /// Seconds until timer `fd` fires.
    func remaining(_ fd: Int32) -> Double {
        var current = itimerspec()
        _ = Self.libc("timerfd_gettime", as: GetTime.self)(fd, &current)
        return Double(current.it_value.tv_sec) + Double(current.it_value.tv_nsec) / 1e9
    }

    /// Arms `fd` to fire at `seconds` from now on its own clock, as an absolute deadline.
    func arm(_ fd: Int32, clock: Int32, in seconds: Int, through deadlines: TimerDeadlines) -> Int32 {
        var now = timespec()
        clock_gettime(clock, &now)
        var deadline = itimerspec(it_interval: timespec(), it_value: timespec(tv_sec: now.tv_sec + seconds, tv_nsec: now.tv_nsec))
        return deadlines.setTime(fd, Int32(1) /* TFD_TIMER_ABSTIME */, &deadline, nil)
    }

    @Test func theClockOfATimerIsReadFromTheKernel() {
        let clocks = [CLOCK_MONOTONIC, CLOCK_BOOTTIME, CLOCK_REALTIME]
        let timers = clocks.map(timer)
        defer { timers.forEach { close($0) } }
        #expect(timers.map(TimerDeadlines.clock(of:)) == clocks.map { Optional($0) })
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        defer { ends.forEach { close($0) } }
        #expect(TimerDeadlines.clock(of: ends[0]) == nil, "a pipe has no clock")
        #expect(TimerDeadlines.isWallClock(CLOCK_REALTIME) && TimerDeadlines.isWallClock(CLOCK_REALTIME_ALARM))
        #expect(!TimerDeadlines.isWallClock(CLOCK_MONOTONIC) && !TimerDeadlines.isWallClock(CLOCK_BOOTTIME))
    }

    @Test func theClockLineOfFdinfoIsRead() {
        let text = "pos:\t0\nflags:\t02000002\nmnt_id:\t15\nclockid: 7\nticks: 0\n"
        #expect(TimerDeadlines.clock(inFdinfo: Array(text.utf8)[...]) == 7)
        #expect(TimerDeadlines.clock(inFdinfo: Array("pos:\t0\n".utf8)[...]) == nil)
    }

    @Test func monotonicDeadlinesReachTheKernelAsGivenAndWallClockOnesTheNextDefinition() {
        // The next definition stands in for libfaketime: it moves every absolute deadline an hour on.
        let shifting: TimerDeadlines.SetTime = { fd, flags, newValue, oldValue in
            var moved = newValue!.pointee
            moved.it_value.tv_sec += 3600
            return TimerDeadlinesTests.libc("timerfd_settime", as: TimerDeadlines.SetTime.self)(fd, flags, &moved, oldValue)
        }
        let deadlines = TimerDeadlines(direct: Self.libc("timerfd_settime", as: TimerDeadlines.SetTime.self), next: shifting)
        for (clock, expected) in [(CLOCK_MONOTONIC, 5.0), (CLOCK_BOOTTIME, 5.0), (CLOCK_REALTIME, 3605.0)] {
            let fd = timer(clock)
            defer { close(fd) }
            #expect(arm(fd, clock: clock, in: 5, through: deadlines) == 0)
            #expect(abs(remaining(fd) - expected) < 1, "clock \(clock): \(remaining(fd))")
        }
    }

    @Test func withNothingInBetweenEveryTimerGoesToLibc() {
        // Without a preloaded library the next definition is libc's: the program's own changes nothing.
        let fd = timer(CLOCK_REALTIME)
        defer { close(fd) }
        #expect(arm(fd, clock: CLOCK_REALTIME, in: 5, through: TimerDeadlines.resolved) == 0)
        #expect(abs(remaining(fd) - 5) < 1)
    }
}
#endif
