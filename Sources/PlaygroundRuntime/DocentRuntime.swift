import Foundation

/// The one runtime of an article program: its recorder, made from the environment Docent gives the program
/// (read as `RuntimeSettings`), writing to the channel it inherits (`RuntimeContract.Channel`).
///
/// Being a program's runtime, this is process-wide state by nature; tests make recorders of their own instead.
final class DocentRuntime: @unchecked Sendable {
    static let shared = DocentRuntime(environment: ProcessInfo.processInfo.environment)

    let recorder: DocentRecorder

    private init(environment: [String: String]) {
        typealias Channel = RuntimeContract.Channel
        let settings = RuntimeSettings(environment: environment)
        var writer = RecordWriter(fd: -1)
        if settings.hasChannel, let token = RecordWriter.readToken(from: Channel.acknowledgements) {
            // Not for the programs it starts: what they write there would break the channel.
            _ = fcntl(Channel.records, F_SETFD, FD_CLOEXEC)
            _ = fcntl(Channel.acknowledgements, F_SETFD, FD_CLOEXEC)
            writer = RecordWriter(fd: Channel.records, token: token, acknowledgements: Channel.acknowledgements)
        }
        if let bytes = settings.fileSizeLimit {
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        }
        let summarizer = ValueSummarizer(timeZone: settings.timeZone, locale: settings.locale)
        recorder = DocentRecorder(writer: writer, summarizer: summarizer)
        CrashHandler.install(writer: writer)
        atexit { DocentRuntime.shared.recorder.finish() }
    }
}
