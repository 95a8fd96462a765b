import Foundation
import Hummingbird
import Testing
@testable import DocentServe

/// Issue 36 (11): files are streamed from disk (a reader costs a chunk, not the file) and `Range` is answered.
@Suite("serve streams files and answers Range", .serialized)
struct FileStreamingTests {
    /// What a response writes: its chunks' sizes and the bytes.
    final class Recorder: ResponseBodyWriter, @unchecked Sendable {
        var largestChunk = 0
        var bytes = Data()
        func write(_ buffer: ByteBuffer) async throws {
            largestChunk = max(largestChunk, buffer.readableBytes)
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// `count` bytes of a 65,521-byte pattern (a prime: a chunk sent twice, dropped or misplaced shows).
    static func pattern(_ count: Int) -> Data {
        let block = Data((0..<65_521).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        var data = Data(capacity: count + block.count)
        while data.count < count { data.append(block) }
        return data.prefix(count)
    }

    @Test("a 64 MiB file is sent in chunks of at most 64 KiB, byte for byte")
    func largeFileIsStreamed() async throws {
        let site = try SiteFolder(["site/index.html": "<p>home</p>"])
        let size = 64 * 1024 * 1024
        let expected = Self.pattern(size)
        try expected.write(to: URL(fileURLWithPath: site.path + "/site/big.bin"))
        let response = try await PreviewServer(site: site.path + "/site", hub: ReloadHub()).local(.get, "/big.bin")
        #expect(response.status == .ok)
        #expect(response.headers[.contentLength] == String(size))
        #expect(response.headers[.acceptRanges] == "bytes")
        let recorder = Recorder()
        try await response.body.write(recorder)
        #expect(recorder.largestChunk <= 64 * 1024, "the body held \(recorder.largestChunk) bytes at once")
        #expect(recorder.bytes == expected)
    }

    @Test("HTML over 16 MiB is streamed as it is, without the live-reload script; smaller HTML gets it")
    func largeHTML() async throws {
        let site = try SiteFolder(["site/small.html": "<html><body>small</body></html>"])
        let big = "<html><body>" + String(repeating: "<p>words</p>\n", count: 17 * 1024 * 1024 / 13) + "</body></html>"
        try Data(big.utf8).write(to: URL(fileURLWithPath: site.path + "/site/big.html"))
        let server = PreviewServer(site: site.path + "/site", hub: ReloadHub())
        let recorder = Recorder()
        try await server.local(.get, "/big.html").body.write(recorder)
        #expect(recorder.largestChunk <= 64 * 1024)
        #expect(recorder.bytes == Data(big.utf8))
        #expect(try await server.local(.get, "/small.html").text().contains(LiveReloadScript.scriptPath))
    }

    @Test("Range: one range, an open end, a suffix, the first of several; 416 past the end; other units ignored")
    func ranges() async throws {
        let site = try SiteFolder([:])
        let data = Self.pattern(1000)
        try FileManager().createDirectory(atPath: site.path + "/site", withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: site.path + "/site/data.bin"))
        let server = PreviewServer(site: site.path + "/site", hub: ReloadHub())
        let cases: [(range: String, status: Int, bytes: Range<Int>?, contentRange: String?)] = [
            ("bytes=0-9", 206, 0..<10, "bytes 0-9/1000"),
            ("bytes=990-", 206, 990..<1000, "bytes 990-999/1000"),
            ("bytes=-5", 206, 995..<1000, "bytes 995-999/1000"),
            ("bytes=-5000", 206, 0..<1000, "bytes 0-999/1000"),
            ("bytes=500-5000", 206, 500..<1000, "bytes 500-999/1000"),
            ("bytes=10-19, 30-39", 206, 10..<20, "bytes 10-19/1000"),
            ("bytes=1000-", 416, nil, "bytes */1000"),
            ("bytes=2000-3000", 416, nil, "bytes */1000"),
            ("bytes=-0", 416, nil, "bytes */1000"),
            ("bytes=9-1", 200, 0..<1000, nil),
            ("items=0-9", 200, 0..<1000, nil),
            ("bytes=abc", 200, 0..<1000, nil),
        ]
        for item in cases {
            let response = try await server.local(.get, "/data.bin", range: item.range)
            #expect(Int(response.status.code) == item.status, "\(item.range)")
            #expect(response.headers[.contentRange] == item.contentRange, "\(item.range)")
            let recorder = Recorder()
            try await response.body.write(recorder)
            if let bytes = item.bytes {
                #expect(recorder.bytes == data[bytes], "\(item.range)")
                #expect(response.headers[.contentLength] == String(bytes.count), "\(item.range)")
            } else {
                #expect(recorder.bytes.isEmpty)
            }
        }
        let head = try await server.local(.head, "/data.bin", range: "bytes=0-9")
        #expect(head.status == .partialContent && head.headers[.contentLength] == "10")
    }

    /// The resident memory of this process, in bytes.
    static func residentBytes() -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test("over sockets, eight readers of a 64 MiB file that read slowly do not make the server hold the file")
    func concurrentReadersOverSockets() async throws {
        let site = try SiteFolder(["site/index.html": "<p>home</p>"])
        let size = 64 * 1024 * 1024
        try Self.pattern(size).write(to: URL(fileURLWithPath: site.path + "/site/big.bin"))
        let server = try await LocalServer(site: site.path + "/site")
        let before = Self.residentBytes()
        // Eight readers ask, read the first megabyte, and stop reading: the rest waits in the server, or on disk.
        let readers = (0..<8).compactMap { _ in RawClient(port: server.port) }
        #expect(readers.count == 8)
        defer { readers.forEach { $0.close() } }
        let port = server.port
        await onThread {
            for reader in readers { reader.send("/big.bin", host: "127.0.0.1:\(port)") }
            for reader in readers { _ = reader.read { $0.count >= 1024 * 1024 } }
        }
        try await Task.sleep(for: .seconds(1))
        let growth = Self.residentBytes() - before
        // Holding the file per reader grew it by over 500 MiB; other suites running in this process leave room under 256.
        #expect(growth < 256 * 1024 * 1024, "resident memory grew by \(growth / 1024 / 1024) MiB for 8 readers")
        // Read whole, the bytes are the file's; a range is its bytes.
        let full = await RawClient.get(server.port, "/big.bin", host: "127.0.0.1:\(server.port)")
        #expect(full.status == 200 && full.body == Self.pattern(size))
        let part = await RawClient.get(server.port, "/big.bin", host: "127.0.0.1:\(server.port)", headers: ["Range: bytes=1048576-1048585"])
        #expect(part.status == 206 && part.body == Self.pattern(size)[1_048_576..<1_048_586])
    }
}
