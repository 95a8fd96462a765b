import ArgumentParser
import DocentCore
import DocentPipeline
import DocentServe
import Foundation

/// `docent serve`: builds the site, serves it, and rebuilds and reloads open pages whenever the content or the
/// templates change. A failing build keeps the last good site served, with its errors over the page.
public struct Serve: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Build the site, serve it, and rebuild and reload the page on every change.",
        discussion: "Watches the content folder (support code included) and the templates; only what changed is recompiled. Ctrl-C stops."
    )

    @OptionGroup public var site: SiteOptions

    @OptionGroup public var target: OutputOptions

    @Option(name: .long, help: ArgumentHelp("The port to serve on (0: any free port).", valueName: "port"))
    public var port: Int = 8080

    @Option(name: .long, help: ArgumentHelp("The address to serve on.", valueName: "host"))
    public var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Open the site in the browser once it is served (xdg-open).")
    public var open = false

    @OptionGroup public var execution: ExecutionOptions

    public init() {}

    public func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port takes a number from 0 to 65535, not \(port)") }
        if host.isEmpty { throw ValidationError("--host needs an address") }
    }

    public func run() throws {
        let reporter = ConsoleReporter()
        let (content, templates) = (site.content, site.templates)
        let (output, drafts, jobs) = (target.output, target.drafts, execution.jobCount)
        // One runner (and cache) for every rebuild, so only what changed is compiled again.
        let pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: Docent.makeToolchain(execution, content: site.content),
                                searchIndexer: target.searchIndexer)
        let hub = ReloadHub()
        let build: @Sendable () -> Void = {
            // The templates folder is looked for at every build: creating one beside the content takes effect.
            let configuration = BuildConfiguration(contentDirectory: content,
                                                   templatesDirectory: SiteOptions.templatesDirectory(explicit: templates, content: content),
                                                   outputDirectory: output, includeDrafts: drafts, jobs: jobs)
            do {
                let summary = try pipeline.build(configuration)
                hub.finished(errors: [])
                reporter.info("Built \(summary.pages) pages in \(String(format: "%.2f", summary.seconds)) s"
                              + (summary.snippets.cases.isEmpty ? "" : " · snippets: \(summary.snippets.summaryLine)"))
            } catch {
                let diagnostics = DiagnosticError.diagnostics(from: error)
                diagnostics.forEach(reporter.report)
                hub.finished(errors: diagnostics.map { ConsoleReporter.escapingControlCharacters($0.description) })
                reporter.info("The build failed; the last good site is still served, with the errors over it")
            }
        }

        // The port first: a second server must fail before it builds anything into the first one's folder.
        let server = PreviewServer(site: output, hub: hub)
        let (host, port, open) = (self.host, self.port, self.open)
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let failure = ErrorBox()
        let url = ErrorBox()
        Task {
            do {
                try await server.run(host: host, port: port) { bound in
                    url.text = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/"
                    started.signal()
                }
            } catch {
                failure.error = error
            }
            started.signal()
            finished.signal()
        }
        started.wait()
        if let error = failure.error as? PortInUse {
            throw Diagnostic.error(at: nil, "\(error.description)",
                                   notes: ["stop the program using it, or serve on another port: --port \(error.port == 65535 ? 8081 : error.port + 1)"])
        }
        if let error = failure.error { throw Diagnostic.error(at: nil, "the preview server could not start: \(error)") }

        build()
        let cache = execution.noCache ? nil : execution.programCache(content: site.content)?.directory
        let watcher = ChangeWatcher(roots: [site.content, site.templatesFolderToWatch],
                                    excluded: [output] + (cache.map { [$0] } ?? []))
        let scheduler = RebuildScheduler(rebuild: build)
        watcher.start { _ in scheduler.changed() }
        defer { watcher.stop() }
        if let address = url.text {
            reporter.info("Serving \(address) — Ctrl-C stops")
            if open { Self.openInBrowser(address) }
        }
        finished.wait()
        if let error = failure.error { throw Diagnostic.error(at: nil, "the preview server stopped: \(error)") }
    }

    private static func openInBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}

/// Carries the server's address, or its error, out of its task.
private final class ErrorBox: @unchecked Sendable {
    var error: (any Error)?
    var text: String?
}
