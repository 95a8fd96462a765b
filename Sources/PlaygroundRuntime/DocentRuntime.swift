import Foundation

/// The one runtime of an article program: its recorder, made from the environment Docent gives the program
/// (read as `RuntimeSettings`).
///
/// Being a program's runtime, this is process-wide state by nature; tests make recorders of their own instead.
final class DocentRuntime: @unchecked Sendable {
    static let shared = DocentRuntime(environment: ProcessInfo.processInfo.environment)

    let recorder: DocentRecorder

    private init(environment: [String: String]) {
        let settings = RuntimeSettings(environment: environment)
        let fd = settings.resultsPath.map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) } ?? -1
        if let bytes = settings.fileSizeLimit {
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        }
        let summarizer = ValueSummarizer(timeZone: settings.timeZone, locale: settings.locale)
        recorder = DocentRecorder(writer: RecordWriter(fd: fd), outputLimit: settings.outputLimit, summarizer: summarizer)
        CrashHandler.install(resultsFD: fd)
        atexit { DocentRuntime.shared.recorder.finish() }
    }
}
