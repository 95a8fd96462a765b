import Foundation
import Hummingbird
import Logging

/// The preview server of `docent serve`: the built site's files (streamed, with `Range`; the live-reload script added
/// to HTML responses only), the site's own `404.html`, and the live-reload channel (`/__docent/events`, server-sent
/// events) with the last build's errors (`/__docent/status`). No directory listings; nothing outside the site; only
/// requests addressed to the server itself (``AllowedHosts``); redirects only to paths on the same server.
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
        let bound = BoundPort(port)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            // A range asked "if the file is still the one I have" is not checked (no validators are sent): the whole file.
            let range = request.headers[.ifRange] == nil ? request.headers[.range] : nil
            return try await respond(method: request.method, path: request.head.path ?? "/", host: request.head.authority,
                                     allowed: AllowedHosts(host: host, port: bound.port), range: range, body: request.body)
        }
        let app = Application(responder: responder, configuration: .init(address: .hostname(host, port: port), reuseAddress: false),
                              onServerRunning: { channel in
                                  let actual = channel.localAddress?.port ?? port
                                  bound.port = actual
                                  ready(actual)
                              }, logger: logger)
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

    /// The response to one request; everything is decided here, so tests need no sockets. `path` is the request
    /// target as sent, `host` its `Host` header: a request for another host is refused (421) before anything else.
    /// HEAD gets GET's status and headers without the body (and never subscribes to live reload). `body` is the
    /// request's, read only to learn when the client goes (a live-reload stream ends then).
    func respond(method: HTTPRequest.Method, path: String, host: String?, allowed: AllowedHosts, range: String? = nil,
                 body: RequestBody? = nil) async throws -> Response {
        guard allowed.allows(host) else { return Self.text(.misdirectedRequest, allowed.refusal) }
        guard method == .get || method == .head else {
            return Self.text(.methodNotAllowed, "docent serve only answers GET and HEAD\n")
        }
        let response = try await respondToGet(path: path, range: range, head: method == .head, body: body)
        return method == .head ? Response(status: response.status, headers: response.headers) : response
    }

    private func respondToGet(path: String, range: String?, head: Bool, body: RequestBody?) async throws -> Response {
        let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        switch route {
        case LiveReloadScript.eventsPath:
            return events(head: head, body: body)
        case LiveReloadScript.statusPath:
            let status = ["errors": hub.errors, "generation": [String(hub.generation)]]
            let json = (try? JSONSerialization.data(withJSONObject: status, options: [.sortedKeys])) ?? Data("{}".utf8)
            return Self.bytes(.ok, json, type: "application/json", cache: false)
        case LiveReloadScript.scriptPath:
            return Self.bytes(.ok, Data(LiveReloadScript.source.utf8), type: "text/javascript; charset=utf-8", cache: false)
        default:
            return file(at: path, range: range)
        }
    }

    private func file(at path: String, range: String?) -> Response {
        switch SiteFileResolver(root: site).resolve(path) {
        case .file(let file):
            return SiteFileResponse.make(file: file, status: .ok, range: range) ?? notFound()
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
        if case .file(let page) = SiteFileResolver(root: site).resolve("/404.html"),
           let response = SiteFileResponse.make(file: page, status: .notFound, range: nil) {
            return response
        }
        let html = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Not found</title></head>"
            + "<body><h1>Not found</h1><p>docent serve has no such page (yet).</p></body></html>"
        return Self.bytes(.notFound, Data(LiveReloadScript.inject(into: html).utf8), type: "text/html; charset=utf-8", cache: false)
    }

    /// The server-sent-events stream of one open page; it ends when the client goes (its side of the connection
    /// closes: `body` ends), and a page beyond the hub's capacity is refused (503).
    private func events(head: Bool, body: RequestBody?) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        if head { return Response(status: .ok, headers: headers) }
        guard let subscription = hub.subscribe() else {
            return Self.text(.serviceUnavailable, "docent serve: \(hub.capacity) pages are already listening for reloads\n")
        }
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { subscription.end() }
            try await writer.write(ByteBuffer(string: ": docent live reload\n\n"))
            if let body {
                try await body.consumeWithCancellationOnInboundClose { _ in try await Self.send(subscription, to: &writer) }
            } else {
                try await Self.send(subscription, to: &writer)
            }
            try await writer.finish(nil)
        })
    }

    /// Writes each event of `subscription` until it ends (or the task is cancelled: the client went).
    private static func send(_ subscription: ReloadHub.Subscription, to writer: inout any ResponseBodyWriter) async throws {
        for await event in subscription.events {
            try await writer.write(ByteBuffer(string: "event: \(event)\ndata: \(event)\n\n"))
        }
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

/// The port bound, once known (port 0 asks for any free one).
private final class BoundPort: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int

    init(_ port: Int) { value = port }

    var port: Int {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// The port is taken by another program.
public struct PortInUse: Error, CustomStringConvertible {
    public let host: String
    public let port: Int
    public var description: String { "port \(port) on \(host) is already in use" }
}
