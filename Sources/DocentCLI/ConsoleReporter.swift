import DocentCore
import DocentPipeline
import Foundation

/// Prints progress and diagnostics to standard error and the summary to standard output.
///
/// On a terminal, the Execute step shows one progress line, redrawn in place (a bar, the counts, and the
/// article running longest); elsewhere (CI logs, pipes) each article gets a plain line when it finishes.
///
/// What it prints may hold text from article programs and file names, so control characters other than line
/// breaks and tabs are shown escaped (`\u{1B}`): a snippet cannot clear the terminal, move the cursor or
/// overwrite a line to forge a report.
public final class ConsoleReporter: Reporter, @unchecked Sendable {
    private let lock = NSLock()
    private let isTerminal: Bool
    private var running: [String: Date] = [:]
    private var done = 0
    private var total = 0
    /// Whether a progress line is on screen (and must be cleared before anything else is printed).
    private var showingLine = false
    private var ticker: DispatchSourceTimer?

    /// `isTerminal` defaults to whether standard error is a terminal.
    public init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    deinit { ticker?.cancel() }

    public func step(_ index: Int, of total: Int, _ name: String) {
        printing { Self.write("[\(index)/\(total)] \(name)\n", to: FileHandle.standardError) }
    }

    public func detail(_ message: String) {
        printing { Self.write("\(message)\n", to: FileHandle.standardError) }
    }

    public func report(_ diagnostic: Diagnostic) {
        printing { Self.write(diagnostic.description + "\n", to: FileHandle.standardError) }
    }

    public func info(_ message: String) {
        printing { Self.write(message + "\n", to: FileHandle.standardOutput) }
    }

    public func progress(_ event: ArticleProgress) {
        lock.withLock {
            switch event {
            case .started(let path, let total):
                if running.isEmpty && done >= self.total { done = 0 }  // a new build (docent serve rebuilds)
                self.total = total
                running[path] = Date()
                if isTerminal && ticker == nil { startTicker() }
            case .finished(let path, let seconds, let total):
                self.total = total
                running[path] = nil
                done += 1
                if !isTerminal {
                    Self.write("  [\(done)/\(total)] \(path) \(String(format: "%.1f", seconds)) s\n", to: FileHandle.standardError)
                }
                if done == total { stopTicker() }
            }
            if isTerminal { drawLine() }
        }
    }

    /// Clears the progress line, prints, and draws it again.
    private func printing(_ body: () -> Void) {
        lock.withLock {
            clearLine()
            body()
            if ticker != nil { drawLine() }
        }
    }

    private func startTicker() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.lock.withLock { if self.ticker != nil { self.drawLine() } }
        }
        ticker = timer
        timer.resume()
    }

    private func stopTicker() {
        ticker?.cancel()
        ticker = nil
        clearLine()
    }

    private func drawLine() {
        guard ticker != nil else { return }
        let now = Date()
        let line = ProgressLine(done: done, total: total,
                                running: running.map { ($0.key, now.timeIntervalSince($0.value)) }.sorted { $0.0 < $1.0 })
        // The line is built here from counts and escaped paths; the only control characters are the redraw's own.
        let text = Self.escapingControlCharacters(line.rendered(width: Self.terminalWidth() - 1))
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8))
        showingLine = true
    }

    private func clearLine() {
        guard showingLine else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        showingLine = false
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 20 ? Int(size.ws_col) : 80
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(escapingControlCharacters(text).utf8))
    }

    /// `text` with every control character but `\n` and `\t` written as `\u{…}`.
    public static func escapingControlCharacters(_ text: String) -> String {
        text.escapingControlCharacters(except: ["\n", "\t"])
    }
}
