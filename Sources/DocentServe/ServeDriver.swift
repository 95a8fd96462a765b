import DocentCore
import DocentExecute
import DocentPipeline
import Foundation

/// `docent serve` from start to Ctrl-C: binds the port first (a second server fails before it builds anything into
/// the first one's folder), builds the site, watches the content and templates, rebuilds after every burst of
/// changes, and tells open pages to reload or to show the build's errors. A failing build keeps the last good site
/// served. The command line only builds a ``ServeDriver/Request`` and calls ``run(_:)``.
///
/// ```swift
/// try ServeDriver(pipeline: pipeline, fileSystem: LocalFileSystem(), reporter: reporter)
///     .run(ServeDriver.Request(content: "content", templates: "templates", templatesGiven: false, output: "site"))
/// ```
public struct ServeDriver: Sendable {
    /// What one `docent serve` asks for.
    public struct Request: Sendable {
        public var content: String
        /// The templates folder: the one given (`templatesGiven`), or where the one beside the content is or would be,
        /// used only while it exists (looked for at every build, so creating one takes effect).
        public var templates: String
        public var templatesGiven: Bool
        public var output: String
        public var includeDrafts: Bool
        public var jobs: Int
        public var host: String
        /// 0: any free port.
        public var port: Int
        /// Open the site in the browser (xdg-open) once it is served.
        public var openBrowser: Bool
        /// Folders inside the watched ones whose changes never start a build (the cache of program outcomes).
        public var unwatched: [String]
        /// The documented package (`--package`): watched too, so editing its code rebuilds it and re-runs the articles.
        public var package: String?
        /// How SwiftPM builds it: `debug` or `release`.
        public var packageConfiguration = "debug"
        /// `--import`, `--traits`, `--all-traits`, `--testable`.
        public var packageChoices = PackageChoices()
        /// The most `site.yml` and front matter may ask for (`--max-time-limit`, …).
        public var ceilings = ExecutionCeilings()

        public init(content: String, templates: String, templatesGiven: Bool, output: String, includeDrafts: Bool = false,
                    jobs: Int = 1, host: String = "127.0.0.1", port: Int = 8080, openBrowser: Bool = false,
                    unwatched: [String] = [], package: String? = nil) {
            self.content = content
            self.templates = templates
            self.templatesGiven = templatesGiven
            self.output = output
            self.includeDrafts = includeDrafts
            self.jobs = jobs
            self.host = host
            self.port = port
            self.openBrowser = openBrowser
            self.unwatched = unwatched
            self.package = package
        }
    }

    private let pipeline: Pipeline
    private let fileSystem: any FileSystem
    private let reporter: any Reporter

    /// One `pipeline` (so one runner and cache) serves every rebuild: only what changed is compiled again.
    public init(pipeline: Pipeline, fileSystem: any FileSystem, reporter: any Reporter) {
        self.pipeline = pipeline
        self.fileSystem = fileSystem
        self.reporter = reporter
    }

    /// Serves until the server stops; throws when the port cannot be had or the server fails.
    public func run(_ request: Request) throws {
        let hub = ReloadHub()
        let server = PreviewServer(site: request.output, hub: hub)
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let outcome = ServerOutcome()
        let (host, port) = (request.host, request.port)
        Task {
            do {
                try await server.run(host: host, port: port) { bound in
                    outcome.address = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/"
                    started.signal()
                }
            } catch {
                outcome.error = error
            }
            started.signal()
            finished.signal()
        }
        started.wait()
        if let error = outcome.error as? PortInUse {
            throw Diagnostic.portInUse(error)
        }
        if let error = outcome.error { throw Diagnostic.serverCouldNotStart(error) }

        let build: @Sendable () -> Void = { rebuild(request, hub: hub) }
        let watcher = ChangeWatcher(roots: [request.content, request.templates] + (request.package.map { [$0] } ?? []),
                                    excluded: [request.output] + request.unwatched)
        // The first look comes before the first build: a file saved while it runs differs from that look, so the
        // watcher's first look after the build sees it and rebuilds.
        watcher.takeFirstLook()
        build()
        let scheduler = RebuildScheduler(rebuild: build)
        watcher.start { _ in scheduler.changed() }
        defer { watcher.stop() }
        if let address = outcome.address {
            reporter.info("Serving \(address) — Ctrl-C stops")
            if request.openBrowser { Self.openInBrowser(address) }
        }
        finished.wait()
        if let error = outcome.error { throw Diagnostic.serverStopped(error) }
    }

    /// One build: its summary on success, its errors (to the reporter and over the open pages) on failure.
    func rebuild(_ request: Request, hub: ReloadHub) {
        do {
            let summary = try pipeline.build(configuration(request))
            hub.finished(errors: [])
            reporter.info("Built \(summary.pages) pages in \(String(format: "%.2f", summary.seconds)) s"
                          + (summary.snippets.cases.isEmpty ? "" : " · snippets: \(summary.snippets.summaryLine)"))
        } catch {
            let diagnostics = DiagnosticError.diagnostics(from: error)
            diagnostics.forEach(reporter.report)
            hub.finished(errors: diagnostics.map { BuildErrorOverlay.text(of: $0, fileSystem: fileSystem) })
            reporter.info("The build failed; the last good site is still served, with the errors over it")
        }
    }

    /// The build configuration as things stand now (whether the templates folder beside the content exists).
    func configuration(_ request: Request) -> BuildConfiguration {
        let templates = request.templatesGiven || fileSystem.directoryExists(request.templates) ? request.templates : nil
        var configuration = BuildConfiguration(contentDirectory: request.content, templatesDirectory: templates,
                                               outputDirectory: request.output, includeDrafts: request.includeDrafts, jobs: request.jobs)
        configuration.packageDirectory = request.package
        configuration.packageConfiguration = request.packageConfiguration
        configuration.packageChoices = request.packageChoices
        configuration.ceilings = request.ceilings
        return configuration
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
private final class ServerOutcome: @unchecked Sendable {
    var error: (any Error)?
    var address: String?
}
