import Foundation
import Hummingbird
import Testing
@testable import DocentServe

/// Issue 36 (11): a live-reload connection is released when its client goes, not at the next build, and the
/// number open at once is bounded.
@Suite("serve releases live-reload connections", .serialized)
struct LiveReloadReleaseTests {
    /// Opens an event stream and waits until the server has sent its first line (the page is subscribed).
    static func openEvents(_ port: Int) async -> (RawClient, HTTPReply)? {
        await onThread {
            guard let client = RawClient(port: port) else { return nil }
            client.send(LiveReloadScript.eventsPath, host: "127.0.0.1:\(port)")
            let data = client.read { data in
                HTTPReply(data).status == 503 || String(decoding: data, as: UTF8.self).contains("docent live reload")
            }
            return (client, HTTPReply(data))
        }
    }

    /// `count` event streams, opened one after the other.
    static func openEvents(_ port: Int, count: Int) async -> [(RawClient, HTTPReply)] {
        var opened: [(RawClient, HTTPReply)] = []
        for _ in 0..<count { if let stream = await openEvents(port) { opened.append(stream) } }
        return opened
    }

    /// Waits (at most `seconds`) until `condition` holds.
    static func wait(_ seconds: Double, _ condition: () -> Bool) async throws -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    @Test("2,000 event streams opened and closed leave no subscriber behind, with no build in between")
    func closedStreamsAreReleased() async throws {
        let site = try SiteFolder(["site/index.html": "<p>home</p>"])
        let server = try await LocalServer(site: site.path + "/site")
        var opened = 0
        for _ in 0..<40 {
            // Fifty at once, then all closed; the hub's capacity (256) is never reached if they are released.
            let batch = await Self.openEvents(server.port, count: 50)
            opened += batch.filter { $0.1.status == 200 }.count
            batch.forEach { $0.0.close() }
            let released = try await Self.wait(10) { server.hub.listeners < 100 }
            #expect(released, "subscribers kept: \(server.hub.listeners)")
            if !released { return }
        }
        #expect(opened == 2000)
        #expect(try await Self.wait(10) { server.hub.listeners == 0 }, "subscribers kept: \(server.hub.listeners)")
    }

    @Test("beyond the hub's capacity a stream is refused with 503, and a closed one makes room")
    func capacity() async throws {
        let site = try SiteFolder(["site/index.html": "<p>home</p>"])
        let server = try await LocalServer(site: site.path + "/site", hub: ReloadHub(capacity: 4))
        let open = await Self.openEvents(server.port, count: 4)
        #expect(open.map(\.1.status) == [200, 200, 200, 200])
        #expect(server.hub.listeners == 4)
        let refused = try #require(await Self.openEvents(server.port))
        #expect(refused.1.status == 503)
        refused.0.close()
        open[0].0.close()
        #expect(try await Self.wait(10) { server.hub.listeners == 3 })
        let again = try #require(await Self.openEvents(server.port))
        #expect(again.1.status == 200)
        again.0.close()
        open.dropFirst().forEach { $0.0.close() }
        #expect(try await Self.wait(10) { server.hub.listeners == 0 })
    }

    @Test("a subscription ends when dropped or ended; HEAD never subscribes")
    func subscriptionLifetime() async throws {
        let hub = ReloadHub(capacity: 2)
        var first = hub.subscribe()
        #expect(first != nil)
        let second = try #require(hub.subscribe())
        #expect(hub.subscribe() == nil, "a third is over capacity")
        first = nil
        #expect(hub.listeners == 1 && first == nil)
        second.end()
        #expect(hub.listeners == 0)
        let site = try SiteFolder(["site/index.html": "<p>home</p>"])
        let head = try await PreviewServer(site: site.path + "/site", hub: hub).local(.head, LiveReloadScript.eventsPath)
        #expect(head.status == .ok && hub.listeners == 0)
    }
}
