import DocentCore
import Foundation

/// The environment an article's program runs with: nothing of the user's but `PATH`, plus the article's time zone,
/// locale and frozen clock, and what the playground runtime needs to know.
struct ProgramEnvironment: Sendable {
    /// Raised when the article sets `now` but libfaketime is not installed.
    struct MissingLibfaketime: Error, Sendable {}

    var settings: ExecutionSettings
    var path: String
    var libfaketime: String?

    /// Bytes any one file a program of `snippetCount` blocks may write: twice what its snippets may print, at least
    /// 16 MiB (the runtime and the resource limits both hold it to this).
    func fileSizeLimit(snippetCount: Int) -> Int {
        max(16 << 20, 2 * settings.outputLimit * (snippetCount + 1))
    }

    /// The variables for one run in `directory` (the executor adds that the runtime has Docent's channel).
    func variables(directory: String, snippetCount: Int) throws -> [String: String] {
        var variables = [
            "PATH": path,
            "HOME": directory,
            "TMPDIR": directory,
            "TZ": settings.timeZone,
            "LANG": settings.locale + ".UTF-8",
            RuntimeContract.Variable.timeZone: settings.timeZone,
            RuntimeContract.Variable.locale: settings.locale,
            // Output that bypasses `print` (and so the runtime's check) still cannot fill the disk.
            RuntimeContract.Variable.fileSizeLimit: String(fileSizeLimit(snippetCount: snippetCount)),
            // Swift's backtracer takes seconds and prints addresses; the runtime records the trapping line instead.
            "SWIFT_BACKTRACE": "enable=no",
            // Dictionaries and sets print in the same order on every run.
            "SWIFT_DETERMINISTIC_HASHING": "1",
        ]
        if let now = settings.now {
            guard let libfaketime else { throw MissingLibfaketime() }
            variables["LD_PRELOAD"] = libfaketime
            // An absolute time (no `@`, which would start the clock there and let it run) freezes it: every read of
            // the realtime clock returns that instant, so a page shows the same dates on every build. Monotonic
            // clocks stay real, so sleeps, timeouts and the runtime's own timing still pass.
            variables["FAKETIME"] = String(Int(now.timeIntervalSince1970.rounded(.down)))
            variables["FAKETIME_FMT"] = "%s"
            variables["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        }
        return variables
    }
}
