import DocentCore
import Foundation

/// Notices edits in the folders a site is built from by comparing, every `interval`, each file's size and
/// modification time (and the set of files) with the last look. Portable and immune to editors that save by
/// renaming. It watches what ``FolderWalker`` walks, by the rules Load reads by (editor scratch files such as `*.swp`,
/// `*~`, `.#*` and `4913`, and hidden names, are not there).
public final class ChangeWatcher: @unchecked Sendable {
    /// What a file looked like at one look.
    struct Stamp: Equatable {
        var size: Int
        /// In nanoseconds since 1970.
        var modified: Int64
    }

    private let roots: [String]
    private let excluded: [String]
    private let interval: Double
    private let lock = NSLock()
    /// The last look; `nil` until the first.
    private var last: [String: Stamp]?
    private var timer: DispatchSourceTimer?

    /// `excluded` folders (the output and the cache) are never looked into, even inside a root.
    public init(roots: [String], excluded: [String] = [], interval: Double = 0.2) {
        self.roots = roots.map(Self.standardized)
        self.excluded = excluded.map(Self.standardized)
        self.interval = interval
    }

    /// Takes the look the next one is compared with. `docent serve` takes it before its first build, so a file saved
    /// while that build runs is seen as changed by the first look after it.
    public func takeFirstLook() {
        let now = snapshot()
        lock.withLock { last = now }
    }

    /// Calls `onChange` with the changed paths, on a background queue, after every look that found a change.
    /// The looks compare with the first look if one was taken (``takeFirstLook()``), or else with one taken now.
    public func start(_ onChange: @escaping @Sendable ([String]) -> Void) {
        if lock.withLock({ last == nil }) { takeFirstLook() }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "docent.watch"))
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let changed = self.look()
            if !changed.isEmpty { onChange(changed) }
        }
        lock.withLock { self.timer = timer }
        timer.resume()
    }

    public func stop() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
    }

    /// Compares the folders with the last look; returns the paths added, removed or changed.
    func look() -> [String] {
        let now = snapshot()
        return lock.withLock {
            let previous = last ?? [:]
            last = now
            return Set(now.keys).union(previous.keys).filter { now[$0] != previous[$0] }.sorted()
        }
    }

    /// Every watched file with its stamp: the files ``FolderWalker`` finds in each root (the files Load reads among
    /// them), a followed link's stamp being its target's. A root or folder that cannot be read is not watched.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let walker = FolderWalker(excluding: excluded)
        for root in roots {
            _ = try? walker.walk(root) { entry in
                guard entry.kind == .file else { return }
                stamps[root + "/" + entry.path] = Stamp(size: entry.status.size, modified: entry.status.modified)
            }
        }
        return stamps
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
