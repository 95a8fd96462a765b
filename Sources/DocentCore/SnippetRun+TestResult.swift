extension SnippetRun {
    /// What one Swift Testing `@Test` function declared in the snippet did when the program ran its tests.
    public struct TestResult: Sendable, Hashable {
        /// The Markdown line of its `@Test` attribute.
        public var line: Int
        /// Its name as Swift Testing gives it (`addition()`).
        public var name: String
        /// Each issue it recorded (an `#expect` that failed, with its values; an error thrown), with the Markdown
        /// line it was recorded at; empty when it passed.
        public var issues: [Issue]
        /// How it stopped the program, for the test that was running when the program trapped (Swift Testing runs an
        /// executable's tests in one process, so a trap ends them all).
        public var stop: Stop?

        public init(line: Int, name: String, issues: [Issue], stop: Stop? = nil) {
            self.line = line
            self.name = name
            self.issues = issues
            self.stop = stop
        }
    }

    /// How a test that started never ended: the trap's message (`Fatal error: Index out of range`) and the
    /// statement that was running, when the runtime recorded one in the article.
    public struct Stop: Sendable, Hashable {
        public var message: String
        public var location: SourceLocation?

        public init(message: String, location: SourceLocation?) {
            self.message = message
            self.location = location
        }
    }

    /// An issue a test recorded: Swift Testing's message, and where (nil for a place outside the article).
    public struct Issue: Sendable, Hashable {
        public var message: String
        public var line: Int?
        public var column: Int?

        public init(message: String, line: Int?, column: Int?) {
            self.message = message
            self.line = line
            self.column = column
        }
    }
}
