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
    }

    /// The values one place in the code produced (a line and column: `let a = 1; let b = 2` has two), as the
    /// runtime summarised them: the last one, and the first one when the place ran more than once.
    public struct LineValue: Sendable, Hashable, Codable {
        /// The line's number in the Markdown file.
        public var line: Int
        /// The column (1-based, UTF-8 bytes of the code line) where the logged expression starts.
        public var column: Int
        /// The short summary of the last value (what the results column shows).
        public var text: String
        /// The whole last value, as far as the runtime kept it (`text` when that is already whole).
        public var full: String
        /// How many times the place produced a value (`(3 times)` when more than once).
        public var count: Int
        /// The first value's summary and whole text, when `count > 1`.
        public var first: String?
        public var firstFull: String?
        /// Whether even `full` was cut at the runtime's limit.
        public var isCut: Bool

        public init(line: Int, column: Int = 1, text: String, full: String? = nil, count: Int = 1,
                    first: String? = nil, firstFull: String? = nil, isCut: Bool = false) {
            self.line = line
            self.column = column
            self.text = text
            self.full = full ?? text
            self.count = count
            self.first = first
            self.firstFull = firstFull
            self.isCut = isCut
        }
    }

    /// One unmet expectation, for the test report.
    public struct Failure: Sendable, Hashable {
        public var location: SourceLocation
        public var message: String
        public var expected: String?
        public var actual: String?

        public init(location: SourceLocation, message: String, expected: String? = nil, actual: String? = nil) {
            self.location = location
            self.message = message
            self.expected = expected
            self.actual = actual
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
