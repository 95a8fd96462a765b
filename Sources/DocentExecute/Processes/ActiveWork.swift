import DocentCore
import Foundation

/// What docent has running right now — its child processes' groups, its scratch folders and the articles they
/// belong to — so that an interruption (Ctrl-C, SIGTERM) can stop and remove them before docent exits.
///
/// ```swift
/// let work = ActiveWork()
/// let toolchain = ToolchainBuilder(environment: environment, processRunner: FoundationProcessRunner(activeWork: work),
///                                  activeWork: work)   // its scratch folders and processes report here
/// // on SIGINT: work.stopAll(); print(work.articles)
/// ```
/// Once stopped, it stays stopped: a folder or process group that another thread reports afterwards (a fallback
/// that was already under way) is removed or killed at once, so nothing outlives the interruption.
public final class ActiveWork: @unchecked Sendable {
    private let lock = Lock()
    private var processGroups: Set<Int32> = []
    private var folders: Set<String> = []
    private var running: [String] = []
    private var stopped = false

    public init() {}

    /// The articles being compiled or run.
    public var articles: [String] { lock.withLock { running } }

    func started(processGroup: Int32) {
        let late = lock.withLock { () -> Bool in
            if stopped { return true }
            processGroups.insert(processGroup)
            return false
        }
        if late { ProcessTree.killAll(from: processGroup) }
    }
    func finished(processGroup: Int32) { lock.withLock { _ = processGroups.remove(processGroup) } }
    func created(folder: String) {
        let late = lock.withLock { () -> Bool in
            if stopped { return true }
            folders.insert(folder)
            return false
        }
        if late { try? DiskScratch().remove(folder) }
    }
    func removed(folder: String) { lock.withLock { _ = folders.remove(folder) } }
    func began(article: String) { lock.withLock { running.append(article) } }
    func ended(article: String) { lock.withLock { if let index = running.firstIndex(of: article) { running.remove(at: index) } } }

    /// Kills every process group still running (and so everything the programs started) and removes every
    /// scratch folder.
    public func stopAll() {
        let (groups, paths) = lock.withLock { stopped = true; return (processGroups, folders) }
        for group in groups { ProcessTree.killAll(from: group) }
        let files = DiskScratch()
        for path in paths { try? files.remove(path) }
        // A thread still writing into a folder as it was removed (a copy under way) may have left part of it behind.
        for path in paths where files.exists(path) {
            Thread.sleep(forTimeInterval: 0.05)
            try? files.remove(path)
        }
    }
}
