import Foundation
import Testing
@testable import DocentServe

/// A ``PreviewServer`` on 127.0.0.1 and a free port, in this process, for the tests that need real sockets.
final class LocalServer: @unchecked Sendable {
    let hub: ReloadHub
    let port: Int
    private let task: Task<Void, any Error>

    init(site: String, hub: ReloadHub = ReloadHub()) async throws {
        self.hub = hub
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        task = Task {
            try await PreviewServer(site: site, hub: hub).run(host: "127.0.0.1", port: 0) { continuation.yield($0) }
        }
        var iterator = ports.makeAsyncIterator()
        port = try #require(await iterator.next())
    }

    deinit {
        hub.close()
        task.cancel()
    }
}

/// Runs blocking socket work on a thread of its own: blocked on the cooperative pool (two threads on a two-core
/// machine), it would starve the server it talks to, which runs in this process.
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

/// Plain HTTP/1.1 over a blocking socket (call it through ``onThread(_:)``), every wait bounded (5 s), with the `Host` header the test chooses.
struct RawClient: Sendable {
    let fd: Int32

    init?(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { Glibc.close(fd); return nil }
    }

    func send(_ target: String, host: String, headers: [String] = []) {
        let request = (["GET \(target) HTTP/1.1", "Host: \(host)", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        _ = request.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until `done` says the bytes so far are enough, the server closes, or 5 s pass without data.
    func read(until done: (Data) -> Bool = { _ in false }) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(data) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Reads at least the status line and headers.
    func readHead() -> Data { read { $0.range(of: Data("\r\n\r\n".utf8)) != nil } }

    func close() { Glibc.close(fd) }

    /// One whole request and response.
    static func get(_ port: Int, _ target: String, host: String, headers: [String] = []) async -> HTTPReply {
        await onThread {
            guard let client = RawClient(port: port) else { return HTTPReply(Data()) }
            defer { client.close() }
            client.send(target, host: host, headers: headers)
            return HTTPReply(client.read())
        }
    }
}

/// A response as read from the socket: status, headers (names lowercased), body.
struct HTTPReply: Sendable {
    var status = 0
    var headers: [String: String] = [:]
    var body = Data()

    init(_ data: Data) {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        body = Data(data[end.upperBound...])
    }
}
