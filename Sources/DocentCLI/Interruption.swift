import DocentExecute
import DocentPipeline
import Foundation

/// Ctrl-C and SIGTERM: stop every program and compiler docent started, remove their scratch folders, say what was
/// interrupted, and exit with status 130 — within a second, whatever the article's code is doing.
///
/// The command line's one piece of process-wide state: signals are process-wide by nature. Installed by
/// `Docent.run(arguments:)`, used by the runner it makes.
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()
    static let exitStatus: Int32 = 130

    let work = ActiveWork()
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var begun = false

    /// Whether a signal has come: set before the programs are stopped, so a run that ends because its program was
    /// stopped is known to have been interrupted.
    var hasBegun: Bool { lock.withLock { begun } }

    /// Returns when no signal has come; once one has, never: the handler is stopping everything and exits with
    /// 130, and the run that ended because its programs were stopped must not exit first with its own status.
    func settle() {
        guard hasBegun else { return }
        while true { sleep(60) }
    }

    /// Takes SIGINT and SIGTERM from their default action and handles them on a queue of their own.
    func install() {
        guard sources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: DispatchQueue(label: "docent.signals"))
            source.setEventHandler { [self, work] in
                lock.withLock { begun = true }
                let articles = work.articles
                work.stopAll()
                let what = articles.isEmpty ? "" : " while running " + articles.joined(separator: ", ")
                let text = ConsoleReporter.escapingControlCharacters(
                    "docent: interrupted\(what); stopped its programs and removed their scratch folders\n")
                FileHandle.standardError.write(Data(text.utf8))
                exit(Self.exitStatus)
            }
            source.resume()
            sources.append(source)
        }
    }
}
