import DocentCore

/// Where the pipeline tells the user what is happening: progress, diagnostics and the summary.
public protocol Reporter: Sendable {
    /// A pipeline step began: `[index/total] name`.
    func step(_ index: Int, of total: Int, _ name: String)
    func report(_ diagnostic: Diagnostic)
    /// A line of information, e.g. the final summary.
    func info(_ message: String)
    /// An article's programs began or finished compiling and running (the Execute step, article by article).
    func progress(_ event: ArticleProgress)
}

extension Reporter {
    public func progress(_ event: ArticleProgress) {}
}

/// Where one article is in the Execute step; `total` is the number of articles being run.
public enum ArticleProgress: Sendable, Hashable {
    case started(path: String, total: Int)
    case finished(path: String, seconds: Double, total: Int)
}

/// A reporter that keeps everything in memory, for tests and for callers that print later.
public final class RecordingReporter: Reporter, @unchecked Sendable {
    private let lock = Lock()
    private var _steps: [String] = []
    private var _diagnostics: [Diagnostic] = []
    private var _messages: [String] = []
    private var _progress: [ArticleProgress] = []

    public init() {}

    public var steps: [String] { lock.withLock { _steps } }
    public var diagnostics: [Diagnostic] { lock.withLock { _diagnostics } }
    public var messages: [String] { lock.withLock { _messages } }
    public var progressEvents: [ArticleProgress] { lock.withLock { _progress } }

    public func step(_ index: Int, of total: Int, _ name: String) {
        lock.withLock { _steps.append(name) }
    }

    public func report(_ diagnostic: Diagnostic) {
        lock.withLock { _diagnostics.append(diagnostic) }
    }

    public func info(_ message: String) {
        lock.withLock { _messages.append(message) }
    }

    public func progress(_ event: ArticleProgress) {
        lock.withLock { _progress.append(event) }
    }
}
