import Foundation

/// Runs the Swift Testing tests of an article's program through the library's ABI entry point
/// (`swt_abiv0_getEntryPoint`, looked up when the program links Testing), one test after another, and records each
/// test function's start, and its result when it ends: its place (the `@Test` attribute), its name and the issues it
/// recorded. A test that starts and never ends is the one the program trapped in.
enum TestRunner {
    typealias EntryPoint = @convention(thin) @Sendable (
        _ configurationJSON: UnsafeRawBufferPointer?,
        _ recordHandler: @escaping @Sendable (_ recordJSON: UnsafeRawBufferPointer) -> Void
    ) async throws -> Bool

    /// What is known of one test function while it runs.
    private struct Running {
        var line: Int
        var column: Int
        var name: String
        var issues: [[String: Any]] = []
    }

    /// Runs every test and waits for the run to end; without Swift Testing linked, records nothing.
    static func run(recorder: DocentRecorder) {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swt_abiv0_getEntryPoint") else { return }
        let getEntryPoint = unsafeBitCast(symbol, to: (@convention(c) () -> UnsafeRawPointer).self)
        let entryPoint = unsafeBitCast(getEntryPoint(), to: EntryPoint.self)
        let state = Locked<[String: Running]>([:])
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let configuration = Array(configurationJSON().utf8)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: configuration.count, alignment: 1)
            buffer.copyBytes(from: configuration)
            defer { buffer.deallocate() }
            _ = try? await entryPoint(UnsafeRawBufferPointer(buffer)) { json in
                handle(json, state: state, recorder: recorder)
            }
            done.signal()
        }
        done.wait()
    }

    /// Serial and quiet; the tests Docent already has results for (``RuntimeContract/Variable/skippedTests``) are
    /// skipped, each by the end of its test ID, which is `…/FILE:LINE:COLUMN` of its `@Test` attribute.
    static func configurationJSON(skipping skipped: String? = ProcessInfo.processInfo.environment[RuntimeContract.Variable.skippedTests]) -> String {
        let places = (skipped ?? "").split(separator: ",").filter { place in
            !place.isEmpty && place.allSatisfy { $0.isNumber || $0 == ":" }
        }
        guard !places.isEmpty else { return #"{"parallel":false,"quiet":true}"# }
        return #"{"parallel":false,"quiet":true,"skip":["# + places.map { #"":\#($0)$""# }.joined(separator: ",") + "]}"
    }

    /// One ABI record: a test function's place, an issue, or a test's end (which writes its result).
    private static func handle(_ json: UnsafeRawBufferPointer, state: Locked<[String: Running]>, recorder: DocentRecorder) {
        guard let record = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
              let payload = record["payload"] as? [String: Any], let kind = record["kind"] as? String else { return }
        if kind == "test", payload["kind"] as? String == "function", let id = payload["id"] as? String,
           let place = payload["sourceLocation"] as? [String: Any], let line = place["line"] as? Int {
            let name = payload["displayName"] as? String ?? payload["name"] as? String ?? id // `@Test("display name")`
            let running = Running(line: line, column: place["column"] as? Int ?? 1, name: name)
            state.update { $0[id] = running }
            return
        }
        guard kind == "event", let id = payload["testID"] as? String else { return }
        switch payload["kind"] as? String {
        case "testStarted":
            // Written before the test's body runs: a test started and never ended is the one the program trapped in.
            guard let running = state.update({ $0[id] }) else { return }
            let fields: [String: Any] = ["line": running.line, "column": running.column, "name": running.name]
            guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
            recorder.recordTest(String(decoding: data, as: UTF8.self), started: true)
        case "issueRecorded":
            let issue = payload["issue"] as? [String: Any]
            guard issue?["isKnown"] as? Bool != true, issue?["isFailure"] as? Bool != false else { return }
            let place = issue?["sourceLocation"] as? [String: Any]
            let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            var entry: [String: Any] = ["message": messages.joined(separator: "\n")]
            if let line = place?["line"] as? Int, let column = place?["column"] as? Int {
                entry["line"] = line
                entry["column"] = column
            }
            state.update { $0[id]?.issues.append(entry) }
        case "testEnded":
            guard let running = state.update({ $0.removeValue(forKey: id) }) else { return }
            let fields: [String: Any] = ["line": running.line, "column": running.column, "name": running.name,
                                         "issues": running.issues]
            guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
            recorder.recordTest(String(decoding: data, as: UTF8.self))
        default:
            return
        }
    }
}

/// A value behind a lock, for the record handler Swift Testing may call from any thread.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    @discardableResult
    func update<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
