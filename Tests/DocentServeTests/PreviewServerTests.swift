import Foundation
import Hummingbird
import Testing
@testable import DocentServe

/// A temporary site folder for one test.
final class SiteFolder {
    let path: String

    init(_ files: [String: String]) throws {
        path = FileManager().temporaryDirectory.appendingPathComponent("docent-serve-\(UUID().uuidString)").path
        for (relative, text) in files {
            let url = URL(fileURLWithPath: "\(path)/\(relative)")
            try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    deinit { try? FileManager().removeItem(atPath: path) }
}

extension PreviewServer {
    /// The response to a request as a browser showing http://127.0.0.1:8080/ sends it.
    func local(_ method: HTTPRequest.Method, _ path: String, range: String? = nil) async throws -> Response {
        try await respond(method: method, path: path, host: "127.0.0.1:8080", allowed: AllowedHosts(host: "127.0.0.1", port: 8080),
                          range: range)
    }
}

@Suite("The preview server's files")
struct PreviewServerTests {
    let site: SiteFolder
    let real: String

    init() throws {
        site = try SiteFolder(["site/index.html": "<html><body>home</body></html>", "site/guide/index.html": "<p>guide</p>",
                               "site/assets/style.css": "body{}", "site/404.html": "<html><body>lost</body></html>",
                               "secret.txt": "password"])
        real = SiteFileResolver.realPath(site.path + "/site")!
    }

    @Test("folders serve their index.html; a folder without its slash is redirected; files are found")
    func resolution() {
        let resolver = SiteFileResolver(root: site.path + "/site")
        #expect(resolver.resolve("/") == .file(real + "/index.html"))
        #expect(resolver.resolve("/guide/") == .file(real + "/guide/index.html"))
        #expect(resolver.resolve("/guide") == .redirect("/guide/"))
        #expect(resolver.resolve("/assets/style.css?v=2") == .file(real + "/assets/style.css"))
        #expect(resolver.resolve("/assets/") == .notFound, "no directory listing")
        #expect(resolver.resolve("/missing.html") == .notFound)
    }

    @Test("nothing outside the site, whatever the path says", arguments: [
        "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/guide/../../secret.txt", "/..%5csecret.txt",
        "/%00", "//etc/passwd", "/./index.html", "relative", "/link-out/secret.txt", "/file-link",
    ])
    func traversal(path: String) throws {
        try? FileManager().createSymbolicLink(atPath: site.path + "/site/link-out", withDestinationPath: site.path)
        try? FileManager().createSymbolicLink(atPath: site.path + "/site/file-link", withDestinationPath: site.path + "/secret.txt")
        let resolution = SiteFileResolver(root: site.path + "/site").resolve(path)
        if case .file(let file) = resolution { #expect(file.hasPrefix(real + "/"), "\(path) led to \(file)") }
        #expect(resolution != .file(SiteFileResolver.realPath(site.path + "/secret.txt")!))
    }

    @Test("content types by extension, Pagefind's files as bytes")
    func contentTypes() {
        #expect(ContentType.of("a/index.html") == "text/html; charset=utf-8")
        #expect(ContentType.of("assets/style.css") == "text/css; charset=utf-8")
        #expect(ContentType.of("assets/docent.js") == "text/javascript; charset=utf-8")
        #expect(ContentType.of("favicon.svg") == "image/svg+xml")
        #expect(ContentType.of("pagefind/wasm.en.pagefind") == "application/octet-stream")
        #expect(ContentType.of("pagefind/index/en_1.pf_index") == "application/octet-stream")
        #expect(ContentType.of("pagefind/pagefind-entry.json") == "application/json")
        #expect(ContentType.of("x/feed.xml") == "application/atom+xml")
        #expect(ContentType.of("README") == "application/octet-stream")
    }

    @Test("HTML gets the live-reload script when served, other files and the built files do not")
    func injection() async throws {
        let server = PreviewServer(site: site.path + "/site", hub: ReloadHub())
        let page = try await server.local(.get, "/")
        #expect(page.status == .ok)
        #expect(try await page.text() == "<html><body>home<script src=\"/__docent/live.js\"></script>\n</body></html>")
        let css = try await server.local(.get, "/assets/style.css")
        #expect(try await css.text() == "body{}")
        #expect(try String(contentsOfFile: site.path + "/site/index.html", encoding: .utf8) == "<html><body>home</body></html>")
        let missing = try await server.local(.get, "/nowhere/")
        #expect(missing.status == .notFound)
        #expect(try await missing.text().contains("lost"), "the site's own 404 page")
        #expect(try await server.local(.post, "/").status == .methodNotAllowed)
        let head = try await server.local(.head, "/assets/style.css")
        #expect(head.status == .ok && head.headers[.contentLength] == "6")
        #expect(try await head.text().isEmpty)
    }

    @Test("the status endpoint carries the last build's errors for the overlay")
    func status() async throws {
        let hub = ReloadHub()
        let server = PreviewServer(site: site.path + "/site", hub: hub)
        hub.finished(errors: ["templates/article.mustache:2:2: error: <bad>"])
        let json = try await server.local(.get, "/__docent/status").text()
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String]]
        #expect(decoded?["errors"] == ["templates/article.mustache:2:2: error: <bad>"])
        #expect(LiveReloadScript.source.contains("textContent"), "errors are shown as text, never as HTML")
    }
}

@Suite("Rebuilds and reloads")
struct RebuildTests {
    @Test("a burst of changes makes one rebuild; a change during a rebuild makes exactly one more after it")
    func coalescing() async throws {
        /// The builds so far; each one waits for its gate, so the test decides when it ends.
        final class Builds: @unchecked Sendable {
            let lock = NSLock()
            var started = 0
            var running = 0
            var mostAtOnce = 0
            let gates = (0..<3).map { _ in DispatchSemaphore(value: 0) }
            var count: Int { lock.withLock { started } }
        }
        let builds = Builds()
        let scheduler = RebuildScheduler(delay: 0.05) {
            let number = builds.lock.withLock {
                builds.started += 1
                builds.running += 1
                builds.mostAtOnce = max(builds.mostAtOnce, builds.running)
                return builds.started
            }
            builds.gates[min(number, 3) - 1].wait()
            builds.lock.withLock { builds.running -= 1 }
        }
        /// Waits (at most 10 s, for a slow machine) until `count` builds have started.
        func waitForBuilds(_ count: Int) async throws {
            for _ in 0..<1_000 where builds.count < count { try await Task.sleep(for: .milliseconds(10)) }
        }

        for _ in 0..<20 { scheduler.changed() }
        try await waitForBuilds(1)
        try await Task.sleep(for: .milliseconds(300))
        #expect(builds.count == 1, "twenty changes at once make one build")
        for _ in 0..<5 { scheduler.changed() }   // while the first build runs
        try await Task.sleep(for: .milliseconds(300))
        #expect(builds.count == 1, "no build starts while one runs")
        builds.gates[0].signal()
        try await waitForBuilds(2)
        builds.gates[1].signal()
        try await Task.sleep(for: .milliseconds(300))
        builds.gates[2].signal()
        #expect(builds.count == 2, "the changes during the first build make exactly one more")
        #expect(builds.lock.withLock { builds.mostAtOnce } == 1)
    }

    @Test("the watcher sees edits, new and removed files, and ignores editor scratch files and excluded folders")
    func watcher() throws {
        let folder = try SiteFolder(["content/a.md": "one", "content/site/index.html": "built"])
        let root = SiteFileResolver.realPath(folder.path)!
        let watcher = ChangeWatcher(roots: [folder.path + "/content"], excluded: [folder.path + "/content/site"])
        _ = watcher.look()
        #expect(watcher.look().isEmpty)
        try Data("one and two".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/a.md"))
        #expect(watcher.look() == [root + "/content/a.md"])
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/.a.md.swp"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/a.md~"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/4913"))
        try Data("rebuilt".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/site/index.html"))
        #expect(watcher.look().isEmpty)
        try Data("new".utf8).write(to: URL(fileURLWithPath: folder.path + "/content/b.md"))
        try FileManager().removeItem(atPath: folder.path + "/content/a.md")
        #expect(watcher.look() == [root + "/content/a.md", root + "/content/b.md"])
    }

    @Test("every open page hears each build's outcome; a closed page is forgotten")
    func hub() async throws {
        let hub = ReloadHub()
        let subscription = try #require(hub.subscribe())
        hub.finished(errors: [])
        hub.finished(errors: ["x.md:1:1: error: e"])
        hub.close()
        var events: [String] = []
        for await event in subscription.events { events.append(event) }
        #expect(events == ["reload", "errors"])
        #expect(hub.errors == ["x.md:1:1: error: e"])
        #expect(hub.listeners == 0)
    }
}
