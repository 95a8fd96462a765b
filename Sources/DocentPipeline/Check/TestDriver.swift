import DocentCore
import Foundation

/// `docent test` from the pipeline's report to the last line: a warning when `--filter` matched nothing, the
/// `--update` rewrite of stale expectations (whose fixed failures then no longer count), every remaining failure
/// in full, the JUnit file, and the summary. The command line only builds a ``TestDriver/Request`` and calls it.
///
/// ```swift
/// let report = try TestDriver(pipeline: pipeline, fileSystem: LocalFileSystem(), reporter: reporter)
///     .run(TestDriver.Request(test: TestConfiguration(contentDirectory: "content"), update: true, junit: "junit.xml"))
/// if report.failed > 0 { /* exit 1 */ }
/// ```
public struct TestDriver: Sendable {
    /// What one `docent test` asks for.
    public struct Request: Sendable {
        /// Which articles and test cases to run, and how.
        public var test: TestConfiguration
        /// Rewrite stale `output` blocks and `// =>` values with what happened.
        public var update: Bool
        /// Where to write the JUnit XML report, if anywhere.
        public var junit: String?

        public init(test: TestConfiguration, update: Bool = false, junit: String? = nil) {
            self.test = test
            self.update = update
            self.junit = junit
        }
    }

    private let pipeline: Pipeline
    private let fileSystem: any FileSystem
    private let reporter: any Reporter

    /// `fileSystem` is where updated articles and the JUnit file are written; `reporter` hears everything said.
    public init(pipeline: Pipeline, fileSystem: any FileSystem, reporter: any Reporter) {
        self.pipeline = pipeline
        self.fileSystem = fileSystem
        self.reporter = reporter
    }

    /// Runs the test cases, updates, reports and writes; returns the final report (without the failures
    /// `--update` fixed). Throws only input errors (the content, or a JUnit file that cannot be written).
    public func run(_ request: Request) throws -> TestReport {
        var test = request.test
        test.packageExcluded += request.junit.map { [$0] } ?? []
        var report = try pipeline.test(test)
        if let filter = request.test.filter, report.cases.isEmpty {
            reporter.report(CheckDiagnostics.noTestCaseMatches(filter))
        }
        if request.update {
            let result = try ExpectationUpdater(fileSystem: fileSystem).update(report)
            result.warnings.forEach(reporter.report)
            for file in result.files {
                reporter.info("Updated \(file.path) (\(file.count) \(file.count == 1 ? "expectation" : "expectations"))")
            }
            report = report.removingFailures(at: result.fixed)
        }
        let formatter = FailureFormatter()
        for checked in report.cases where checked.failed {
            reporter.info(formatter.format(checked) + "\n")
        }
        if let junit = request.junit {
            do {
                try fileSystem.write(Data(JUnitWriter().xml(for: report).utf8), to: junit)
            } catch {
                throw CheckDiagnostics.junitUnwritable(junit, error)
            }
        }
        reporter.info(report.summaryLine)
        return report
    }
}
