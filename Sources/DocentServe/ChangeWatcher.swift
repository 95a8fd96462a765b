import Foundation
import SystemPackage

/// Notices edits in the folders a site is built from by comparing, every `interval`, each file's size and
/// modification time (and the set of files) with the last look. Portable and immune to editors that save by
/// renaming. Editor scratch files (`*.swp`, `*~`, `.#*`, `4913`) and hidden folders are ignored.
public final class ChangeWatcher: @unchecked Sendable {
    /// What a file looked like at one look.
    struct Stamp: Equatable {
        var size: Int
        var modified: Double
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

    /// Every watched file with its stamp.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let files = FileManager()
        for root in roots {
            guard let enumerator = files.enumerator(atPath: root) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let path = root + "/" + relative
                let name = FilePath(relative).lastComponent?.string ?? relative
                if excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) || Self.isScratch(name) {
                    enumerator.skipDescendants()
                    continue
                }
                guard let attributes = enumerator.fileAttributes, attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                stamps[path] = Stamp(size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                                     modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
            }
        }
        return stamps
    }

    /// Files editors write while saving, and hidden files and folders.
    static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix("~") || name == "4913"
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
