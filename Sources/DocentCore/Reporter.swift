/// Where the pipeline tells the user what is happening: progress, diagnostics and the summary.
public protocol Reporter: Sendable {
    /// A pipeline step began: `[index/total] name`.
    func step(_ index: Int, of total: Int, _ name: String)
    func report(_ diagnostic: Diagnostic)
    /// A line of information, e.g. the final summary.
    func info(_ message: String)
    /// An article's programs began or finished compiling and running (the Execute step, article by article).
    func progress(_ event: ArticleProgress)
    /// A line for `--verbose` only (how many compiler and sandbox starts a run made).
    func detail(_ message: String)
}

extension Reporter {
    public func progress(_ event: ArticleProgress) {}
    public func detail(_ message: String) {}
}

/// Where one article is in the Execute step; `total` is the number of articles being run.
public enum ArticleProgress: Sendable, Hashable {
    case started(path: String, total: Int)
    case finished(path: String, seconds: Double, total: Int)
}
