import Foundation
import Hummingbird
import NIOPosix

/// The response for one file of the site. Files are streamed from disk in 64 KiB chunks, so a reader of a large file
/// costs the server one chunk, not the file; `Range` is answered (206 with `Content-Range`, 416 when the file has
/// none of it). HTML pages up to ``htmlLimit`` are read whole to get the live-reload script; a larger one is streamed
/// as it is, without it.
///
/// ```swift
/// SiteFileResponse.make(file: "/srv/site/video.mp4", status: .ok, range: "bytes=0-99")   // 206, 100 bytes
/// ```
enum SiteFileResponse {
    static let chunkSize = 64 * 1024
    static let htmlLimit = 16 * 1024 * 1024

    /// nil when the file cannot be opened as a regular file (gone since it was found, or not a file).
    static func make(file path: String, status: HTTPResponse.Status, range: String?) -> Response? {
        guard let file = OpenFile(path) else { return nil }
        let type = ContentType.of(path)
        if type.hasPrefix("text/html"), file.size <= htmlLimit, let data = file.readAll() {
            let html = LiveReloadScript.inject(into: String(decoding: data, as: UTF8.self))
            return PreviewServer.bytes(status, Data(html.utf8), type: type, cache: false)
        }
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        var served = 0..<file.size
        var status = status
        if status == .ok {
            headers[.acceptRanges] = "bytes"
            switch ByteRange.parse(range, size: file.size) {
            case .whole:
                break
            case .part(let part):
                served = part.lowerBound..<(part.upperBound + 1)
                status = .partialContent
                headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(file.size)"
            case .unsatisfiable:
                headers[.contentRange] = "bytes */\(file.size)"
                headers[.contentLength] = "0"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
        }
        headers[.contentLength] = String(served.count)
        let part = served
        return Response(status: status, headers: headers, body: ResponseBody(contentLength: part.count) { writer in
            var offset = part.lowerBound
            while offset < part.upperBound {
                let (start, count) = (offset, min(chunkSize, part.upperBound - offset))
                // Read on NIO's thread pool: a slow disk never holds the (two-thread) pool every request runs on.
                let chunk = try await NIOThreadPool.singleton.runIfActive { try file.read(at: start, count: count) }
                offset += chunk.readableBytes
                try await writer.write(chunk)
            }
            try await writer.finish(nil)
        })
    }
}
