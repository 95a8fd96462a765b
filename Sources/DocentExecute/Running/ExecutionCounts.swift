/// How many compiler, linker, program and sandbox starts a run made (`--verbose` prints them at its end).
///
/// ```swift
/// counts.add(compiles: 1)
/// counts.summary      // "12 compiles, 1 link, 40 runs, 53 sandbox starts"
/// ```
/// Compiles of the runtime and support modules and of the documented package are not counted: they are made once
/// per toolchain and cached.
final class ExecutionCounts: @unchecked Sendable {
    private let lock = Lock()
    private var numbers = (compiles: 0, links: 0, runs: 0, sandboxStarts: 0)
    /// Compiles (of those counted) that started the frontend directly, without the driver (`FrontendTemplate`).
    private var driverlessCompiles = 0
    /// Whether compiles, links and runs start sandboxes.
    let sandboxed: Bool

    init(sandboxed: Bool) {
        self.sandboxed = sandboxed
    }

    /// Counts compiles, links and runs that each started a sandbox of their own (when sandboxed).
    func add(compiles: Int = 0, links: Int = 0, runs: Int = 0) {
        lock.withLock {
            numbers.compiles += compiles
            numbers.links += links
            numbers.runs += runs
            if sandboxed { numbers.sandboxStarts += compiles + links + runs }
        }
    }

    /// Counts compiles that shared one sandbox start.
    func add(batchOf compiles: Int) {
        lock.withLock {
            numbers.compiles += compiles
            numbers.sandboxStarts += 1
        }
    }

    /// Counts compiles, already counted, that started the frontend without the driver.
    func add(driverless compiles: Int) {
        lock.withLock { driverlessCompiles += compiles }
    }

    var compiles: Int { lock.withLock { numbers.compiles } }
    var driverless: Int { lock.withLock { driverlessCompiles } }
    var links: Int { lock.withLock { numbers.links } }
    var runs: Int { lock.withLock { numbers.runs } }
    var sandboxStarts: Int { lock.withLock { numbers.sandboxStarts } }

    var summary: String {
        let (compiles, links, runs, sandboxStarts) = lock.withLock { numbers }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return [count(compiles, "compile"), count(links, "link"), count(runs, "run"), count(sandboxStarts, "sandbox start")]
            .joined(separator: ", ")
    }
}
