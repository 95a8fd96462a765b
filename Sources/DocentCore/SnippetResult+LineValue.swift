extension SnippetResult {
    /// The values one place in the code produced (a line and column: `let a = 1; let b = 2` has two), as the
    /// runtime summarised them, apart by the snippet whose code was running: those of the place's own snippet (its
    /// count, its last value, and its history: the first values and the last) and those produced while other
    /// snippets ran (a function declared here and called by later snippets), each snippet's apart.
    ///
    /// A place that only other snippets reached has a `count` of 0; its `text` is then the last value they produced
    /// (what a `// =>` comment on it is checked against), and the page says where its values came from instead of
    /// showing that value beside the line.
    public struct LineValue: Sendable, Hashable, Codable {
        /// One value the runtime kept: its number among the place's values while one snippet ran (1 for the
        /// first), its summary, its whole text, and whether even that was cut.
        public struct Recorded: Sendable, Hashable, Codable {
            public var ordinal: Int
            public var text: String
            public var full: String
            public var isCut: Bool

            public init(ordinal: Int, text: String, full: String? = nil, isCut: Bool = false) {
                self.ordinal = ordinal
                self.text = text
                self.full = full ?? text
                self.isCut = isCut
            }
        }

        /// What the place produced while another snippet (by its index in the article) ran: how often, and the
        /// values kept, in order.
        public struct Elsewhere: Sendable, Hashable, Codable {
            public var snippet: Int
            public var count: Int
            public var values: [Recorded]

            public init(snippet: Int, count: Int, values: [Recorded]) {
                self.snippet = snippet
                self.count = count
                self.values = values
            }
        }

        /// The line's number in the Markdown file.
        public var line: Int
        /// The column (1-based, UTF-8 bytes of the code line) where the logged expression starts.
        public var column: Int
        /// The short summary of the last value (what the results column shows).
        public var text: String
        /// The whole last value, as far as the runtime kept it (`text` when that is already whole).
        public var full: String
        /// How many times the place produced a value while its own snippet ran (`3×` when more than once).
        public var count: Int
        /// Whether even `full` was cut at the runtime's limit.
        public var isCut: Bool
        /// The values of the place's own snippet the runtime kept (the first ones and the last), in order.
        public var history: [Recorded]
        /// What other snippets' code made the place produce, in the snippets' order.
        public var elsewhere: [Elsewhere]

        public init(line: Int, column: Int = 1, text: String, full: String? = nil, count: Int = 1, isCut: Bool = false,
                    history: [Recorded] = [], elsewhere: [Elsewhere] = []) {
            self.line = line
            self.column = column
            self.text = text
            self.full = full ?? text
            self.count = count
            self.isCut = isCut
            self.history = history
            self.elsewhere = elsewhere
        }

        /// Whether values were produced while other snippets ran and none while the place's own snippet did.
        public var isOnlyElsewhere: Bool { count == 0 && !elsewhere.isEmpty }
    }
}
