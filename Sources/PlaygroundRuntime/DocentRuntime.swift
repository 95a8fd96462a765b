import Foundation

/// The one runtime of an article program: its recorder, made from the environment Docent gives the program
/// (`DOCENT_RESULTS`, `DOCENT_OUTPUT_LIMIT`, `DOCENT_FILE_SIZE_LIMIT`, `DOCENT_TIMEZONE`, `DOCENT_LOCALE`).
///
/// Being a program's runtime, this is process-wide state by nature; tests make recorders of their own instead.
final class DocentRuntime: @unchecked Sendable {
    static let shared = DocentRuntime(environment: ProcessInfo.processInfo.environment)

    let recorder: DocentRecorder

    private init(environment: [String: String]) {
        let fd = environment["DOCENT_RESULTS"].map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) } ?? -1
        if let bytes = environment["DOCENT_FILE_SIZE_LIMIT"].flatMap({ rlim_t($0) }) {
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        }
        let summarizer = ValueSummarizer(timeZone: environment["DOCENT_TIMEZONE"], locale: environment["DOCENT_LOCALE"])
        recorder = DocentRecorder(writer: RecordWriter(fd: fd),
                                  outputLimit: environment["DOCENT_OUTPUT_LIMIT"].flatMap { Int($0) } ?? Int.max,
                                  summarizer: summarizer)
        CrashHandler.install(resultsFD: fd)
        atexit { DocentRuntime.shared.recorder.finish() }
    }
}
