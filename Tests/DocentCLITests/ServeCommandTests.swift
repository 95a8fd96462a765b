import DocentTestSupport
import Foundation
import Testing

/// A `docent serve` process, its output collected as it comes (also used by `ServeHostileSaveTests`).
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    init(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: DocentBinary.path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.out += text }
        }
        stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.err += text }
        }
        try process.run()
    }

    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }

    /// The port it serves on, once it says so; records an issue and gives nil when it has not within two minutes.
    func servingPort() -> Int? {
        let marker = "Serving http://127.0.0.1:"
        guard waitFor(120, { stdout.contains(marker) }) != nil,
              let text = stdout.split(separator: marker).last?.prefix(while: \.isNumber), let port = Int(text) else {
            Issue.record("docent serve did not start: \(stdout) \(stderr)")
            return nil
        }
        return port
    }

    deinit { if process.isRunning { process.terminate() } }
}

/// Plain HTTP over a socket: what a browser asks, without URLSession's caching.
enum RawHTTP {
    static func connect(_ port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { close(fd); return nil }
        return fd
    }

    /// A request as a browser showing http://127.0.0.1:PORT/ sends it (serve answers only its own address).
    static func send(_ fd: Int32, _ path: String, port: Int) {
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        _ = request.withCString { Glibc.send(fd, $0, strlen($0), 0) }
    }

    /// The whole response (status line, headers and body).
    static func get(_ port: Int, _ path: String) -> String {
        guard let fd = connect(port) else { return "" }
        defer { close(fd) }
        send(fd, path, port: port)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The server-sent events one open page receives, read on a thread of their own.
private final class EventListener: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    private let fd: Int32

    init?(port: Int) {
        guard let fd = RawHTTP.connect(port) else { return nil }
        self.fd = fd
        RawHTTP.send(fd, "/__docent/events", port: port)
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { break }
                let chunk = String(decoding: buffer[0..<count], as: UTF8.self)
                lock.withLock { text += chunk }
            }
        }
    }

    func count(_ event: String) -> Int { lock.withLock { text.components(separatedBy: "event: \(event)\n").count - 1 } }

    deinit { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }
}

/// Waits until `condition` holds; the seconds it took, or nil after `limit`.
func waitFor(_ limit: Double, _ condition: () -> Bool) -> Double? {
    let start = Date()
    while Date().timeIntervalSince(start) < limit {
        if condition() { return Date().timeIntervalSince(start) }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return condition() ? Date().timeIntervalSince(start) : nil
}

@Suite("docent serve", .serialized, .tags(.compiler))
struct ServeCommandTests {
    /// The seconds of the last build `docent serve` reported ("Built N pages in X s").
    static func lastBuildSeconds(in output: String) -> Double? {
        output.components(separatedBy: "Built ").dropFirst().last?
            .components(separatedBy: " pages in ").dropFirst().first?
            .split(separator: " ").first.flatMap { Double($0) }
    }

    static let article = """
    ---
    title: Live
    date: 2026-01-01
    ---
    Some prose.

    ```swift
    let word = "one"
    print(word)
    ```

    ```output
    one
    ```

    """

    @Test("edits to prose and code are served with a reload event; a template error shows over the page until fixed; the port is held; Ctrl-C stops it")
    func writingLoop() throws {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-serve-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        let articlePath = folder + "/content/live.md"
        try Self.article.write(toFile: articlePath, atomically: true, encoding: .utf8)

        let server = try ServeProcess(["serve", "--port", "0", "--no-search"], in: folder)
        guard let port = server.servingPort() else { return }
        #expect(RawHTTP.get(port, "/live/").contains("Some prose."))
        #expect(RawHTTP.get(port, "/live/").contains("/__docent/live.js"))
        #expect(!(try String(contentsOfFile: folder + "/site/live/index.html", encoding: .utf8)).contains("__docent"),
                "the script is only in served pages, never in the built files")
        let events = try #require(EventListener(port: port))
        #expect(waitFor(60) { RawHTTP.get(port, "/__docent/status").contains("errors") } != nil)

        // Every edit is judged against the rebuild's own time (its "Built … in X s" line, timed when it happens):
        // other suites compiling beside this one may slow the build, never the loop around it. The allowance covers
        // noticing the save (the watcher looks every 0.2 s), the quiet period, and this test's own polling.
        let allowance = 5.0

        // Prose: served, with a reload event, within its rebuild's time and the allowance.
        try Self.article.replacingOccurrences(of: "Some prose.", with: "Edited prose.").write(toFile: articlePath, atomically: true, encoding: .utf8)
        let prose = waitFor(120) { RawHTTP.get(port, "/live/").contains("Edited prose.") && events.count("reload") >= 1 }
        #expect(prose != nil, "prose edit never served: \(server.stdout)")
        _ = waitFor(30) { server.stdout.components(separatedBy: "Built ").count > 2 }
        let proseBuild = Self.lastBuildSeconds(in: server.stdout)
        #expect(proseBuild != nil, "no build time reported: \(server.stdout)")
        if let prose, let proseBuild {
            #expect(prose <= proseBuild + allowance, "prose edit served \(prose) s after the save; its rebuild took \(proseBuild) s")
        }

        // Code: within the article's compile (its rebuild's own time) and the allowance.
        try Self.article.replacingOccurrences(of: "Some prose.", with: "Edited prose.").replacingOccurrences(of: "one", with: "two")
            .write(toFile: articlePath, atomically: true, encoding: .utf8)
        let code = waitFor(120) { RawHTTP.get(port, "/live/").contains("&quot;two&quot;") && events.count("reload") >= 2 }
        #expect(code != nil, "code edit never served: \(server.stdout)")
        // The server says "Built …" just after it sends the reload: the first build, the prose, the code.
        _ = waitFor(30) { server.stdout.components(separatedBy: "Built ").count > 3 }
        let rebuild = Self.lastBuildSeconds(in: server.stdout)
        #expect(rebuild != nil, "no build time reported: \(server.stdout)")
        if let code, let rebuild {
            #expect(code <= rebuild + allowance, "code edit served \(code) s after the save; its rebuild took \(rebuild) s")
        }

        // A template error: the server keeps serving the last good site, and the overlay has the error.
        try FileManager().createDirectory(atPath: folder + "/templates", withIntermediateDirectories: true)
        try "{{#broken}}\n".write(toFile: folder + "/templates/article.mustache", atomically: true, encoding: .utf8)
        #expect(waitFor(120) { RawHTTP.get(port, "/__docent/status").contains("article.mustache:2:") && events.count("errors") >= 1 } != nil)
        #expect(RawHTTP.get(port, "/live/").hasPrefix("HTTP/1.1 200"))
        try FileManager().removeItem(atPath: folder + "/templates")
        #expect(waitFor(120) { RawHTTP.get(port, "/__docent/status").contains("\"errors\":[]") && events.count("reload") >= 3 } != nil)

        // A second server on the same port says which port and exits 2, without building anything.
        let second = try DocentBinary.run(["serve", "--port", String(port), "--no-search"], in: folder)
        #expect(second.status == 2)
        #expect(second.stderr.contains("port \(port)"), "\(second.stderr)")
        #expect(!second.stdout.contains("Built"))

        // Ctrl-C stops it (serving is endless: stopping at all, within a loaded machine's 15 s, is Ctrl-C's doing).
        kill(server.process.processIdentifier, SIGINT)
        #expect(waitFor(15) { !server.process.isRunning } != nil, "still running 15 s after SIGINT")
    }

    @Test("an article saved while serve's first build runs is rebuilt and served (the watcher looks before that build)")
    func saveDuringFirstBuild() throws {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-serve-first-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        let articlePath = folder + "/content/live.md"
        // The snippet keeps the first build in its Execute step for a few seconds: long enough to save during it.
        let article = """
        ---
        title: Live
        date: 2026-01-01
        ---
        Some prose.

        ```swift
        import Foundation
        Thread.sleep(forTimeInterval: 4)
        ```

        """
        try article.write(toFile: articlePath, atomically: true, encoding: .utf8)

        let server = try ServeProcess(["serve", "--port", "0", "--no-search", "--verbose"], in: folder)
        #expect(waitFor(120) { server.stderr.contains("[4/8] Execute") } != nil, "the first build never reached Execute: \(server.stderr)")
        try article.replacingOccurrences(of: "Some prose.", with: "Edited prose.").write(toFile: articlePath, atomically: true, encoding: .utf8)
        #expect(!server.stdout.contains("Built "), "the first build had ended before the save; the test proves nothing: \(server.stdout)")

        guard let port = server.servingPort() else { return }
        // The first build read the article before the save; the rebuild the save started serves the edit.
        let served = waitFor(90) { RawHTTP.get(port, "/live/").contains("Edited prose.") }
        #expect(served != nil, "the edit saved during the first build was never served: \(server.stdout)")
        kill(server.process.processIdentifier, SIGINT)
        _ = waitFor(15) { !server.process.isRunning }
    }

    @Test("a save under serve prints its outcome, not the eight step lines; without Pagefind serve warns once, with no `make` hint")
    func quietRebuilds() throws {
        let folder = FileManager().temporaryDirectory.appendingPathComponent("docent-serve-quiet-\(UUID().uuidString)").path
        try FileManager().createDirectory(atPath: folder + "/content", withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(atPath: folder) }
        let articlePath = folder + "/content/live.md"
        let article = "---\ntitle: Live\ndate: 2026-01-01\n---\nSome prose.\n"
        try article.write(toFile: articlePath, atomically: true, encoding: .utf8)
        // Pagefind is left out of PATH (CI has it installed) and not named by PAGEFIND.
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .filter { !FileManager().isExecutableFile(atPath: "\($0)/pagefind") }.joined(separator: ":")
        let server = try ServeProcess(["serve", "--port", "0"], in: folder, environment: ["PATH": path, "PAGEFIND": ""])
        guard server.servingPort() != nil else { return }
        for edit in ["Edited once.", "Edited twice."] {
            let builds = server.stdout.components(separatedBy: "Built ").count
            try article.replacingOccurrences(of: "Some prose.", with: edit).write(toFile: articlePath, atomically: true, encoding: .utf8)
            #expect(waitFor(60) { server.stdout.components(separatedBy: "Built ").count > builds } != nil, "no rebuild: \(server.stdout)")
        }
        let said = server.stdout + server.stderr
        #expect(said.components(separatedBy: "Pagefind is not installed").count - 1 == 1, "\(said)")
        #expect(!said.contains("make site"), "\(said)")
        #expect(!said.contains("/8] "), "step lines without --verbose: \(said)")
        kill(server.process.processIdentifier, SIGINT)
        _ = waitFor(15) { !server.process.isRunning }
    }
}
