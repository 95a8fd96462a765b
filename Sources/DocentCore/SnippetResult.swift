/// What happened to one snippet when its article ran, and how that compares with what the author expected.
public struct SnippetResult: Sendable, Hashable {
    /// The verdict on a snippet, as the page's `data-status` shows it.
    public enum Status: String, Sendable, Hashable {
        /// It ran (or compiled, for `no-run`) and met every expectation.
        case passed
        /// It did not compile, trapped, timed out, or printed or produced something other than expected.
        case failed
        /// It failed as the author said it must (`compile-fail`, `crash`).
        case expectedFailure = "expected-failure"
        /// `ignore`: shown, never compiled.
        case ignored
        /// It was never reached, e.g. because an earlier snippet trapped.
        case notRun = "not-run"
        /// It compiled and Docent did not run it (``Snippet/Mode/isCompiledNotRun``): neither passed nor failed.
        case compiledNotRun = "compiled"
    }

    /// One unmet expectation, for the test report.
    public struct Failure: Sendable, Hashable {
        /// What went wrong: what logic and reports branch on, never ``message``.
        public var kind: Kind
        public var location: SourceLocation
        public var message: String
        public var expected: String?
        public var actual: String?
        /// The compiler's or runtime's diagnostic this failure restates (`does not compile: …`, `trapped: …`), so
        /// reports say it once.
        public var restating: Diagnostic?

        public init(_ kind: Kind, location: SourceLocation, message: String, expected: String? = nil, actual: String? = nil,
                    restating: Diagnostic? = nil) {
            self.kind = kind
            self.location = location
            self.message = message
            self.expected = expected
            self.actual = actual
            self.restating = restating
        }
    }

    public var status: Status
    public var values: [LineValue]
    /// What the snippet printed to standard output.
    public var output: String
    /// Whether `output` was cut at the output limit.
    public var outputTruncated: Bool
    /// Compiler errors, the trap message or the time-out, located in the Markdown file.
    public var diagnostics: [Diagnostic]
    public var failures: [Failure]
    /// Whether the snippet trapped (its program stopped in it), as opposed to failing to compile.
    public var trapped = false
    /// Why a snippet Docent chose not to compile was skipped (a catalog of a target no library product exports), as
    /// reports say it; `nil` for every other snippet.
    public var skipReason: String?

    public init(status: Status, values: [LineValue] = [], output: String = "", outputTruncated: Bool = false,
                diagnostics: [Diagnostic] = [], failures: [Failure] = []) {
        self.status = status
        self.values = values
        self.output = output
        self.outputTruncated = outputTruncated
        self.diagnostics = diagnostics
        self.failures = failures
    }
}
