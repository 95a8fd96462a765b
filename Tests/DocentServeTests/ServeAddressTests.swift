import Foundation
import Hummingbird
import Testing
@testable import DocentServe

/// Issue 36 (8): `docent serve` redirects only to paths on itself, and answers only requests addressed to it.
@Suite("serve's redirects and Host check")
struct ServeAddressTests {
    /// A site with a folder named like a host, the trap for `//evil.example`.
    static func hostLikeSite() throws -> SiteFolder {
        try SiteFolder(["site/index.html": "<p>home</p>", "site/evil.example/index.html": "<p>not evil</p>",
                        "site/evil.example/x/index.html": "<p>x</p>"])
    }

    /// Whether `location` stays on the server: a path that starts with one `/`, printable ASCII, no backslash.
    static func isSameOrigin(_ location: String) -> Bool {
        location.hasPrefix("/") && !location.hasPrefix("//") && !location.contains("\\")
            && location.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    }

    static let hostilePaths = [
        "//evil.example", "/\\evil.example", "//evil.example/..", "//evil.example/x", "%2F%2Fevil.example",
        "/%2F%2Fevil.example", "/%2Fevil.example", "/%5Cevil.example", "/%09/evil.example", "///evil.example",
        "//evil.example?x=1", "/%2F/evil.example", "//evil.example/%2e%2e",
    ]

    @Test("no request path gets a Location off the site", arguments: hostilePaths)
    func redirectStaysOnSite(path: String) async throws {
        let site = try Self.hostLikeSite()
        let response = try await PreviewServer(site: site.path + "/site", hub: ReloadHub()).local(.get, path)
        if let location = response.headers[.location] {
            #expect(Self.isSameOrigin(location), "\(path) → \(response.status.code) Location: \(location)")
        }
        #expect(response.status == .movedPermanently || response.status == .notFound || response.status == .ok,
                "\(path) → \(response.status.code)")
    }

    @Test("a folder asked for without its slash, by any odd spelling, goes to its own path with the slash")
    func safeRedirect() throws {
        let site = try Self.hostLikeSite()
        let resolver = SiteFileResolver(root: site.path + "/site")
        #expect(resolver.resolve("//evil.example") == .redirect("/evil.example/"))
        #expect(resolver.resolve("/%2F%2Fevil.example") == .redirect("/evil.example/"))
        #expect(resolver.resolve("//evil.example/x") == .redirect("/evil.example/x/"))
        #expect(resolver.resolve("/evil.example") == .redirect("/evil.example/"))
        #expect(resolver.resolve("/\\evil.example") == .notFound)
        #expect(resolver.resolve("//evil.example/..") == .notFound)
    }

    @Test("over a socket, GET //evil.example is never sent off the site")
    func redirectOverSocket() async throws {
        let site = try Self.hostLikeSite()
        let server = try await LocalServer(site: site.path + "/site")
        for path in ["//evil.example", "/\\evil.example", "//evil.example/..", "/%2F%2Fevil.example"] {
            let reply = await RawClient.get(server.port, path, host: "127.0.0.1:\(server.port)")
            #expect(reply.status != 0, "no answer to \(path)")
            if let location = reply.headers["location"] {
                #expect(Self.isSameOrigin(location), "\(path) → \(reply.status) Location: \(location)")
            }
        }
    }

    @Test("the Host values answered: the bound address and the loopback names, with the bound port")
    func allowedHosts() {
        let local = AllowedHosts(host: "127.0.0.1", port: 8080)
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
            #expect(local.allows(host), "\(host)")
        }
        for host in [nil, "", "evil.example:8080", "evil.example", "127.0.0.1:8081", "127.0.0.1", "localhost",
                     "127.0.0.1:8080:1", "127.0.0.1:+8080", "127.0.0.1.evil.example:8080", "localhost.evil.example:8080",
                     "[::1]", "[::1]x:8080", "192.168.1.20:8080", ":8080"] as [String?] {
            #expect(!local.allows(host), "\(host ?? "no Host")")
        }
        #expect(AllowedHosts(host: "127.0.0.1", port: 80).allows("localhost"), "port 80 may be left out")
        let everywhere = AllowedHosts(host: "0.0.0.0", port: 8080)
        #expect(everywhere.allows("192.168.1.20:8080") && everywhere.allows("[fe80::1]:8080") && everywhere.allows("localhost:8080"))
        #expect(!everywhere.allows("evil.example:8080"), "a name is answered only when it is the one served on")
        let named = AllowedHosts(host: "docs.internal", port: 8080)
        #expect(named.allows("docs.internal:8080") && named.allows("localhost:8080") && !named.allows("10.0.0.1:8080"))
        #expect(AllowedHosts(host: "::1", port: 8080).allows("[::1]:8080"))
    }

    @Test("a request for another Host is refused for pages, the status and the events alike", arguments: [
        "/", "/evil.example/", LiveReloadScript.statusPath, LiveReloadScript.eventsPath, LiveReloadScript.scriptPath, "/missing",
    ])
    func foreignHostRefused(path: String) async throws {
        let site = try Self.hostLikeSite()
        let hub = ReloadHub()
        let server = PreviewServer(site: site.path + "/site", hub: hub)
        let allowed = AllowedHosts(host: "127.0.0.1", port: 8080)
        for host in ["evil.example:8080", "evil.example", nil] as [String?] {
            let response = try await server.respond(method: .get, path: path, host: host, allowed: allowed)
            #expect(response.status == .misdirectedRequest, "\(host ?? "no Host") \(path)")
            #expect(try await response.text().contains("docent serve answers only"))
        }
        #expect(hub.listeners == 0, "a refused request never subscribes")
        let ok = try await server.respond(method: .get, path: "/", host: "localhost:8080", allowed: allowed)
        #expect(ok.status == .ok)
    }

    @Test("over a socket, a foreign Host gets 421 while 127.0.0.1:PORT and localhost:PORT are served")
    func hostOverSocket() async throws {
        let site = try Self.hostLikeSite()
        let server = try await LocalServer(site: site.path + "/site")
        let port = server.port
        for path in ["/", LiveReloadScript.statusPath] {
            #expect(await RawClient.get(port, path, host: "evil.example:\(port)").status == 421, "\(path)")
            #expect(await RawClient.get(port, path, host: "127.0.0.1:\(port)").status == 200, "\(path)")
            #expect(await RawClient.get(port, path, host: "localhost:\(port)").status == 200, "\(path)")
        }
        let events = await onThread { () -> HTTPReply in
            guard let client = RawClient(port: port) else { return HTTPReply(Data()) }
            defer { client.close() }
            client.send(LiveReloadScript.eventsPath, host: "evil.example:\(port)")
            return HTTPReply(client.readHead())
        }
        #expect(events.status == 421)
    }
}
