// The one definition of what crosses the boundary between Docent and an article program. This file is compiled
// into three modules: the playground runtime (this target, and docent's embedded copy of it), DocentExecute and
// DocentSwift (each through a symbolic link to this file), so both sides of the boundary read the same constants.
// It is internal everywhere: an article program, which imports the runtime, never sees it. Keep it free of imports.

/// The names and numbers Docent and the playground runtime must agree on: the environment an article program is
/// given, the runtime's module and entry points, the identifiers reserved for them, the kinds of record the runtime
/// writes, and the first program line that belongs to an article.
enum RuntimeContract {
    /// The environment variables Docent sets for an article program and the runtime reads.
    enum Variable {
        /// Set (to "1") when the program inherits Docent's channel (`Channel`): the runtime then reads its token and
        /// writes its records there. There is no path to reopen: records and output reach Docent through pipes it
        /// reads while the program runs.
        static let channel = "DOCENT_CHANNEL"
        /// The time zone values are shown in.
        static let timeZone = "DOCENT_TIMEZONE"
        /// The locale values are shown in.
        static let locale = "DOCENT_LOCALE"
        /// The largest file, in bytes, the program may write (the runtime sets `RLIMIT_FSIZE` to it).
        static let fileSizeLimit = "DOCENT_FILE_SIZE_LIMIT"
        /// The Swift Testing tests not to run, as `LINE:COLUMN` of their `@Test` attributes in the program, joined by
        /// `,`: set when Docent runs the program again for the tests after one that trapped.
        static let skippedTests = "DOCENT_SKIP_TESTS"
    }

    /// The descriptors an article program inherits from Docent, and how a record on them is framed.
    ///
    /// Before the program starts, Docent writes a random token of `tokenLength` hex digits and a line break to
    /// `acknowledgements`; the runtime reads it once, before any article code runs, and writes every record to
    /// `records` as `TOKEN SEQUENCE JSON` and a line break, numbering them from 0 (the crash handler writes its `trap`
    /// record without the recorder's lock, so its number is not checked). At a snippet boundary the runtime flushes standard output, writes the
    /// boundary's record and waits for one byte on `acknowledgements`, which Docent writes once it has read all the
    /// output before the boundary: Docent measures the output itself. A line without the token, out of sequence,
    /// or a run that exits normally without its `end` record means the program wrote to or closed the channel.
    enum Channel {
        /// The write end of the pipe the runtime writes its records to.
        static let records: Int32 = 3
        /// The read end of the socket Docent writes the token and each boundary's acknowledgement to.
        static let acknowledgements: Int32 = 4
        /// Hex digits in a run's token.
        static let tokenLength = 32
    }

    /// The kinds of record the runtime writes, one JSON object per line (`{"kind":"snippet",…}`).
    enum RecordKind: CaseIterable {
        /// A snippet starts; carries the snippet's index (Docent adds the length of standard output there).
        case snippet
        /// The Nth value a place (line and column) in the program produced while a snippet's code ran: fields
        /// `line`, `column`, `snippet` (the snippet's index), `count` (N), `text`, and `full` and `cut` when the
        /// value is longer than its summary.
        case value
        /// A snippet printed more than the output limit, and Docent stopped the program (Docent writes it).
        case truncated
        /// A fatal signal, and the statements running when it came.
        case trap
        /// The program finished normally.
        case end
        /// A Swift Testing test ended: fields `line` and `column` (its `@Test` attribute's place in the program),
        /// `name`, and `issues`, each `{"message":…,"line":…,"column":…}`.
        case test
        /// A Swift Testing test started: fields `line`, `column` and `name`, as in `test`. A test started and never
        /// ended was running when the program stopped (it trapped there).
        case testStarted

        /// The kind as it is written in a record: a static string, so the crash handler can write it without
        /// allocating.
        var name: StaticString {
            switch self {
            case .snippet: return "snippet"
            case .value: return "value"
            case .truncated: return "truncated"
            case .trap: return "trap"
            case .end: return "end"
            case .test: return "test"
            case .testStarted: return "testStarted"
            }
        }

        /// The kind a record names, or `nil` for a kind this contract does not know.
        init?(name: String) {
            guard let kind = Self.allCases.first(where: { kind in
                kind.name.withUTF8Buffer { $0.elementsEqual(name.utf8) }
            }) else { return nil }
            self = kind
        }
    }

    /// How many of a place's first values, per snippet, the runtime writes at once; of the rest it keeps the last
    /// (with its number), so Docent sees at most one more.
    static let firstValuesKept = 19
    /// The version of the records' format: part of the result cache's key, so results recorded in an older format
    /// are never read as this one.
    static let recordFormat = 5

    /// The module article programs import, which docent compiles from the runtime's embedded files.
    static let moduleName = "PlaygroundRuntime"
    /// Called by Docent's generated code first, before any declaration's initial value: starts the runtime, which
    /// reads its token from the channel before any article code can.
    static let startEntryPoint = "__docent_start"
    /// Called by Docent's generated code before each snippet, with the snippet's index.
    static let snippetEntryPoint = "__docent_snippet"
    /// Called by Docent's generated code after the last snippet of a program whose snippets declare Swift Testing
    /// tests: runs them, one after another, and records each one's result.
    static let testEntryPoint = "__docent_run_tests"
    /// C functions the runtime defines for the program in place of the system's (`TimerDeadlines`): an article
    /// program is linked with each kept and exported, so the libraries it loads bind to the runtime's definition.
    static let interposedFunctions = ["timerfd_settime"]
    /// Identifier prefixes of the runtime's entry points (Docent's own and the playground transform's); an
    /// article must not declare or use them.
    static let reservedNamePrefixes = ["__docent", "__builtin_"]
    /// Program lines below this one are Docent's own code, which the runtime does not record; line `n` of snippet
    /// `k` is `(k + 1) * firstArticleLine + n`.
    static let firstArticleLine = 100_000
}
