import DocentMarkdown

/// A Swift code block of an article: the code, how it is meant to run, and what the author expects of it.
public struct Snippet: Sendable, Hashable {
    /// How a snippet takes part in the article's program, from the words after `swift` in its info string.
    public enum Mode: Sendable, Hashable {
        /// Runs in the article's shared program and is shown.
        case shared
        /// Runs in the shared program, is not shown (`hidden`).
        case hidden
        /// Runs as a program of its own that sees nothing of the article (`isolated`).
        case isolated
        /// Must compile (with the earlier shared snippets) but never runs (`no-run`).
        case noRun
        /// Neither compiled nor run; shown as not verified (`ignore`).
        case ignore
        /// Must fail to compile, with `message` in the diagnostic if given (`compile-fail="…"`).
        case compileFail(message: String?)
        /// Must trap when run after the earlier shared snippets (`crash`).
        case crash
        /// Marks a type `@main`: a program of its own with that type as its entry point (the earlier shared
        /// snippets, and every other snippet's declarations, as context), run with `arguments` (`args="…"`);
        /// without them it is compiled and not run.
        case entryPoint(arguments: [String]?)
        /// Elides code with `...` (a body, an argument list, a value): type-checked with each elision standing for
        /// code that never runs, and not run. Later snippets see its declarations.
        case elided
        /// Member declarations only (`@State var name = ""`, `mutating func`, `init`): type-checked as the members
        /// of a type of Docent's, and not run.
        case memberFragment
    }

    /// Which values the page shows beside the snippet's lines, from `values=` in the info string. Values are recorded
    /// and `// =>` comments checked either way: this is only what readers see.
    public enum ValueDisplay: String, Sendable, Hashable, CaseIterable {
        /// Every value (no `values=` attribute).
        case all
        /// None: the code alone (`values=none`).
        case nothing = "none"
        /// Only those of lines with a `// =>` comment (`values=marked`).
        case marked
    }

    /// A `// docent:quiet` comment at the end of a line: the page shows neither that line's values nor the comment.
    public struct QuietMark: Sendable, Hashable {
        /// The Markdown line of the code line.
        public var line: Int
        /// Where the `//` starts in the snippet's code line (0-based UTF-8 offset), so pages can leave the comment out.
        public var commentOffset: Int

        public init(line: Int, commentOffset: Int) {
            self.line = line
            self.commentOffset = commentOffset
        }
    }

    /// The comment that quiets one line's values, as authors write it after `//` (case and spaces after `//` or
    /// the colon do not matter).
    public static let quietMarker = "docent:quiet"

    /// One line of the block: what the compiler sees, and whether the reader sees it (`# ` lines are hidden).
    public struct Line: Sendable, Hashable {
        /// The line's number in the Markdown file.
        public var number: Int
        public var code: String
        public var isHidden: Bool

        public init(number: Int, code: String, isHidden: Bool) {
            self.number = number
            self.code = code
            self.isHidden = isHidden
        }
    }

    /// An `output` block that follows the snippet: the expected standard output.
    public struct ExpectedOutput: Sendable, Hashable {
        public var text: String
        /// Where the `output` block's fence starts.
        public var location: SourceLocation
        /// The id of the output block's node in the article's Markdown tree.
        public var nodeID: Int
        /// File lines of the block's content (first and last; empty when `lastLine < firstLine`).
        public var firstLine: Int
        public var lastLine: Int
        /// How the block's fence was written (its column is in the fence's line, `location.line`), for `--update`.
        public var fence: CodeBlock.Fence

        /// `fence` defaults to three backticks at the location's column.
        public init(text: String, location: SourceLocation, nodeID: Int, firstLine: Int, lastLine: Int,
                    fence: CodeBlock.Fence? = nil) {
            self.text = text
            self.location = location
            self.nodeID = nodeID
            self.firstLine = firstLine
            self.lastLine = lastLine
            self.fence = fence ?? CodeBlock.Fence(character: "`", length: 3, column: location.column)
        }
    }

    /// A `// Prints "text"` comment (Apple's documentation convention), or one line under `// Prints N lines:`:
    /// one line the snippet must print.
    public struct ExpectedPrint: Sendable, Hashable {
        /// How the text is written between the quote columns, so `--update` can write it the same way.
        public enum Form: Sendable, Hashable {
            /// A Swift string literal, escapes resolved: `// Prints "say \"hi\""`.
            case literal
            /// The text between the outermost quotes as written, quotes inside kept:
            /// `// Prints "The string "123" has an integer value of 123".`
            case verbatim
            /// A line under `// Prints N lines:` written without quotes: the comment's text after one space.
            case plain
        }

        /// The Markdown line of the comment.
        public var line: Int
        /// Columns (1-based, UTF-8 bytes, in the file's line) of the quoted text, quotes included: `start..<end`
        /// (of the text itself for a ``Form/plain`` line).
        public var quoteStart: Int
        public var quoteEnd: Int
        /// The printed line the comment promises, escapes resolved.
        public var text: String
        public var form: Form
        /// Whether the comment is a line under `// Prints N lines:` (read as such when `--update` checks it).
        public var isBlockLine: Bool
        /// Column (1-based, UTF-8 bytes, in the file's line) of the comment's `//`, for `--update`; nil when unknown.
        public var commentColumn: Int?

        public init(line: Int, quoteStart: Int, quoteEnd: Int, text: String, form: Form = .literal,
                    isBlockLine: Bool = false, commentColumn: Int? = nil) {
            self.line = line
            self.quoteStart = quoteStart
            self.quoteEnd = quoteEnd
            self.text = text
            self.form = form
            self.isBlockLine = isBlockLine
            self.commentColumn = commentColumn
        }

        /// Where the comment's text starts, for reports.
        public func location(in path: String) -> SourceLocation {
            SourceLocation(path: path, line: line, column: quoteStart)
        }
    }

    /// A `// => value` comment: the value the author expects that line to produce.
    public struct ExpectedValue: Sendable, Hashable {
        public var line: Int
        public var text: String
        /// Column (1-based, in UTF-8 bytes) where the text after `// =>` starts, for `--update`.
        public var column: Int
        /// Where the `//` starts in the snippet's code line (0-based UTF-8 offset), so pages can leave the comment out.
        public var commentOffset: Int?

        public init(line: Int, text: String, column: Int, commentOffset: Int? = nil) {
            self.line = line
            self.text = text
            self.column = column
            self.commentOffset = commentOffset
        }
    }

    /// A comment by which the author says a line is an error (`// Error: …`, `// this triggers a runtime error`):
    /// that line's compile error or trap is expected. The rule is in README's "Errors the author marked".
    public struct MarkedError: Sendable, Hashable {
        /// The Markdown line of the code line that must fail.
        public var line: Int
        /// The Markdown line of the comment: `line`, or the line after it for a comment alone on its line.
        public var commentLine: Int
        /// Column (1-based, UTF-8 bytes, in the file's line) of the comment's `//`.
        public var column: Int
        /// The comment's text after `//`, without surrounding spaces.
        public var text: String

        public init(line: Int, commentLine: Int, column: Int, text: String) {
            self.line = line
            self.commentLine = commentLine
            self.column = column
            self.text = text
        }

        /// Where the comment is, for reports.
        public func location(in path: String) -> SourceLocation {
            SourceLocation(path: path, line: commentLine, column: column)
        }
    }

    /// Where the block's opening fence is: the snippet's test-case name is `path:line`.
    public var location: SourceLocation
    /// The id of the code block's node in the article's Markdown tree, for the Weave stage.
    public var nodeID: Int
    public var mode: Mode
    /// The info string's language word (`swift`), kept for the page's `language-` class.
    public var language: String
    public var lines: [Line]
    public var expectedOutput: ExpectedOutput?
    public var expectedValues: [ExpectedValue]
    /// `// Prints "…"` comments, in order: together, the lines the snippet must print.
    public var expectedPrints: [ExpectedPrint]
    /// Markdown lines of the Swift Testing `@Test` functions the snippet declares (their attributes), in order: each
    /// must run and pass.
    public var declaredTests: [Int] = []
    /// Lines the author marked as errors in comments, in order; empty for an `ignore` snippet.
    public var markedErrors: [MarkedError] = []
    /// Which values the page shows (`values=none`, `values=marked`; every one by default).
    public var valueDisplay: ValueDisplay = .all
    /// Lines whose values the author quieted with `// docent:quiet`, in order.
    public var quietMarks: [QuietMark] = []
    /// What Extract found doubtful but not wrong (a `// Prints` comment it cannot read), for the reporter.
    public var warnings: [Diagnostic] = []
    /// Where the first Xcode editor placeholder (`<#name#>`) is: such a snippet is shown but never compiled.
    public var placeholder: SourceLocation?
    /// A block that cannot compile by construction, shown but never compiled and counted as skipped with its
    /// reason: declarations without bodies (API as documentation writes it), or a package manifest or a fragment of
    /// one (`.package(url: …)`), which only SwiftPM reads. Only a block with no attribute (``Mode/mayBeListing``)
    /// and no expectation is read as one.
    public var listing: Listing?

    /// Why a block is a listing; its raw value is the reason reports give.
    public enum Listing: String, Sendable, Hashable, Codable {
        case declarations = "declarations only"
        case manifest = "package manifest"

        /// The label the page shows over the block.
        public var label: String { self == .declarations ? "Declarations only" : "Package manifest" }
    }

    /// Whether the block is a declaration listing.
    public var isDeclarationListing: Bool {
        get { listing == .declarations }
        set { listing = newValue ? .declarations : nil }
    }

    public init(location: SourceLocation, nodeID: Int, mode: Mode, language: String = "swift", lines: [Line],
                expectedOutput: ExpectedOutput? = nil, expectedValues: [ExpectedValue] = [],
                expectedPrints: [ExpectedPrint] = [], placeholder: SourceLocation? = nil) {
        self.location = location
        self.nodeID = nodeID
        self.mode = mode
        self.language = language
        self.lines = lines
        self.expectedOutput = expectedOutput
        self.expectedValues = expectedValues
        self.expectedPrints = expectedPrints
        self.placeholder = placeholder
    }

    /// The test-case name: `content/x.md:LINE`; a SwiftPM snippet's (the only snippets read from `.swift` files, one
    /// per file) is its file's path, `Snippets/Basics.swift`.
    public var name: String { location.path.hasSuffix(".swift") ? location.path : "\(location.path):\(location.line)" }

    /// The code as the compiler sees it (hidden lines included, without their `# `): ``checkedCode`` when Docent
    /// rewrote it.
    public var compiledCode: String { checkedCode ?? lines.map(\.code).joined(separator: "\n") }

    /// The code Docent compiles in place of the block's (elisions replaced, a member fragment wrapped in a type),
    /// its lines where the block's are; nil when the block is compiled as written.
    public var checkedCode: String?

    /// The lines a reader sees.
    public var visibleLines: [Line] { lines.filter { !$0.isHidden } }

    /// Handed to the compiler at all: not `ignore`d, and not a listing.
    public var isCompiled: Bool { mode.isCompiled && listing == nil }

    /// Whether the page shows the values of Markdown line `line`: not for a line quieted with `// docent:quiet`,
    /// nor under `values=none`, nor, under `values=marked`, for a line without a `// =>` comment.
    public func showsValues(ofLine line: Int) -> Bool {
        if quietMarks.contains(where: { $0.line == line }) { return false }
        switch valueDisplay {
        case .all: return true
        case .nothing: return false
        case .marked: return expectedValues.contains { $0.line == line }
        }
    }

    /// The Markdown line of line `number` of the snippet's code (1-based), if it has that many lines.
    public func markdownLine(ofCodeLine number: Int) -> Int? {
        number >= 1 && number <= lines.count ? lines[number - 1].number : nil
    }
}

/// What each mode means, in one place: every stage asks these instead of switching over modes.
extension Snippet.Mode {
    /// Runs inside the article's shared program, where later snippets see what it declares.
    public var isShared: Bool { self == .shared || self == .hidden }
    /// Handed to the compiler at all.
    public var isCompiled: Bool { self != .ignore }
    /// Its program is run (a `no-run` snippet is only compiled; a `compile-fail` one must not compile).
    public var runs: Bool {
        switch self {
        case .shared, .hidden, .isolated, .crash: true
        case .noRun, .ignore, .compileFail, .elided, .memberFragment: false
        case .entryPoint(let arguments): arguments != nil
        }
    }
    /// Compiled and not run because Docent cannot run it as written (an entry point without arguments, elided
    /// code, a member fragment): its verdict is "compiled, not run", neither passed nor failed.
    public var isCompiledNotRun: Bool {
        switch self {
        case .elided, .memberFragment, .entryPoint(arguments: nil): true
        default: false
        }
    }
    /// Lends its declarations (types, functions, extensions…) to the article's other programs though it is not
    /// shared: an entry point (without `@main`) and elided code (elisions replaced).
    public var lendsDeclarations: Bool {
        switch self {
        case .entryPoint, .elided: true
        default: false
        }
    }
    /// The arguments its program runs with.
    public var arguments: [String] {
        if case .entryPoint(let arguments?) = self { return arguments }
        return []
    }
    /// Judged by the lines its comments mark as errors (`// error: …`), when it has any: every compiled mode but
    /// `compile-fail` and `crash`, whose attribute says itself what must fail. Elided code, member fragments and entry
    /// points are type-checked like `no-run`, so a marked line that fails to compile is what the author said.
    public var readsErrorMarks: Bool {
        switch self {
        case .ignore, .compileFail, .crash: false
        default: true
        }
    }
    /// May carry `output` blocks and `// =>` values: only snippets that run can meet them.
    public var carriesExpectations: Bool { runs }
    /// Needs a program of its own (with the earlier shared snippets, unless isolated).
    public var needsOwnProgram: Bool { isCompiled && !isShared }
    /// Read as a declaration listing when its code is one: only a block with no attribute. Any attribute
    /// (`no-run`, `compile-fail`, `isolated`…) asks for the usual treatment, so the block is compiled.
    public var mayBeListing: Bool { self == .shared }
    /// Sees the earlier shared snippets.
    public var seesEarlierSnippets: Bool { self != .isolated }
    /// The attribute as the author writes it, for messages.
    public var attribute: String {
        switch self {
        case .shared: "swift"
        case .hidden: "hidden"
        case .isolated: "isolated"
        case .noRun: "no-run"
        case .ignore: "ignore"
        case .compileFail: "compile-fail"
        case .crash: "crash"
        case .entryPoint: "@main"
        case .elided: "elided code"
        case .memberFragment: "member fragment"
        }
    }
}
