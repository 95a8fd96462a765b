import Foundation
import Hummingbird
import Logging

/// The preview server of `docent serve`: the built site's files (with the live-reload script added to HTML
/// responses only), the site's own `404.html`, and the live-reload channel (`/__docent/events`, server-sent
/// events) with the last build's errors (`/__docent/status`). No directory listings; nothing outside the site.
///
/// ```swift
/// try await PreviewServer(site: "site", hub: hub).run(host: "127.0.0.1", port: 8080) { port in print(port) }
/// ```
public struct PreviewServer: Sendable {
    public let site: String
    public let hub: ReloadHub

    public init(site: String, hub: ReloadHub) {
        self.site = site
        self.hub = hub
    }

    /// Serves until the task is cancelled; `ready` gets the port actually bound (useful with port 0).
    /// A port in use throws ``PortInUse``.
    public func run(host: String, port: Int, ready: @escaping @Sendable (Int) -> Void) async throws {
        var logger = Logger(label: "docent.serve")
        logger.logLevel = .error
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await respond(method: request.method, path: request.uri.path + (request.uri.query.map { "?" + $0 } ?? ""))
        }
        let app = Application(responder: responder, configuration: .init(address: .hostname(host, port: port), reuseAddress: false),
                              onServerRunning: { channel in ready(channel.localAddress?.port ?? port) }, logger: logger)
        do {
            try await app.run()
        } catch {
            let text = String(describing: error)
            if text.contains("Address already in use") || text.contains("EADDRINUSE") || text.contains("errno: 98") {
                throw PortInUse(host: host, port: port)
            }
            throw error
        }
    }

    /// The response to one request; everything is decided here, so tests need no sockets. HEAD gets GET's
    /// status and headers without the body.
    func respond(method: HTTPRequest.Method, path: String) async throws -> Response {
        guard method == .get || method == .head else {
            return Self.text(.methodNotAllowed, "docent serve only answers GET and HEAD\n")
        }
        let response = try await respondToGet(path: path)
        return method == .head ? Response(status: response.status, headers: response.headers) : response
    }

    private func respondToGet(path: String) async throws -> Response {
        let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        switch route {
        case LiveReloadScript.eventsPath:
            return events()
        case LiveReloadScript.statusPath:
            let status = ["errors": hub.errors, "generation": [String(hub.generation)]]
            let json = (try? JSONSerialization.data(withJSONObject: status, options: [.sortedKeys])) ?? Data("{}".utf8)
            return Self.bytes(.ok, json, type: "application/json", cache: false)
        case LiveReloadScript.scriptPath:
            return Self.bytes(.ok, Data(LiveReloadScript.source.utf8), type: "text/javascript; charset=utf-8", cache: false)
        default:
            return file(at: path)
        }
    }

    private func file(at path: String) -> Response {
        switch SiteFileResolver(root: site).resolve(path) {
        case .file(let file):
            guard let data = FileManager().contents(atPath: file) else { return notFound() }
            return page(.ok, data, type: ContentType.of(file))
        case .redirect(let location):
            var headers = HTTPFields()
            headers[.location] = location
            return Response(status: .movedPermanently, headers: headers)
        case .notFound:
            return notFound()
        }
    }

    /// The site's own 404 page, or a plain one (with the live-reload script, so a failed first build shows its errors).
    private func notFound() -> Response {
        if let data = FileManager().contents(atPath: site + "/404.html") {
            return page(.notFound, data, type: "text/html; charset=utf-8")
        }
        let html = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Not found</title></head>"
            + "<body><h1>Not found</h1><p>docent serve has no such page (yet).</p></body></html>"
        return page(.notFound, Data(html.utf8), type: "text/html; charset=utf-8")
    }

    /// A file's response; HTML gets the live-reload script.
    private func page(_ status: HTTPResponse.Status, _ data: Data, type: String) -> Response {
        guard type.hasPrefix("text/html") else { return Self.bytes(status, data, type: type, cache: false) }
        let html = LiveReloadScript.inject(into: String(decoding: data, as: UTF8.self))
        return Self.bytes(status, Data(html.utf8), type: type, cache: false)
    }

    /// The server-sent-events stream of one open page.
    private func events() -> Response {
        let stream = hub.subscribe()
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": docent live reload\n\n"))
            for await event in stream {
                try await writer.write(ByteBuffer(string: "event: \(event)\ndata: \(event)\n\n"))
            }
            try await writer.finish(nil)
        })
    }

    static func bytes(_ status: HTTPResponse.Status, _ data: Data, type: String, cache: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentLength] = String(data.count)
        if !cache { headers[.cacheControl] = "no-store" }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        bytes(status, Data(text.utf8), type: "text/plain; charset=utf-8", cache: false)
    }
}

/// The port is taken by another program.
public struct PortInUse: Error, CustomStringConvertible {
    public let host: String
    public let port: Int
    public var description: String { "port \(port) on \(host) is already in use" }
}
