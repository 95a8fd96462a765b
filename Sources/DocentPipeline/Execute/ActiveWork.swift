import Foundation

/// What docent has running right now — its child processes' groups, its scratch folders and the articles they
/// belong to — so that an interruption (Ctrl-C, SIGTERM) can stop and remove them before docent exits.
///
/// ```swift
/// let work = ActiveWork()
/// let runner = SwiftArticleRunner(environment: environment, processRunner: FoundationProcessRunner(activeWork: work),
///                                 activeWork: work)
/// // on SIGINT: work.stopAll(); print(work.articles)
/// ```
public final class ActiveWork: @unchecked Sendable {
    private let lock = Lock()
    private var processGroups: Set<Int32> = []
    private var folders: Set<String> = []
    private var running: [String] = []

    public init() {}

    /// The articles being compiled or run.
    public var articles: [String] { lock.withLock { running } }

    func started(processGroup: Int32) { lock.withLock { _ = processGroups.insert(processGroup) } }
    func finished(processGroup: Int32) { lock.withLock { _ = processGroups.remove(processGroup) } }
    func created(folder: String) { lock.withLock { _ = folders.insert(folder) } }
    func removed(folder: String) { lock.withLock { _ = folders.remove(folder) } }
    func began(article: String) { lock.withLock { running.append(article) } }
    func ended(article: String) { lock.withLock { if let index = running.firstIndex(of: article) { running.remove(at: index) } } }

    /// Kills every process group still running (and so everything the programs started) and removes every
    /// scratch folder.
    public func stopAll() {
        let (groups, paths) = lock.withLock { (processGroups, folders) }
        for group in groups { ProcessTree.killAll(from: group) }
        let files = FileManager()
        for path in paths { try? files.removeItem(atPath: path) }
    }
}
