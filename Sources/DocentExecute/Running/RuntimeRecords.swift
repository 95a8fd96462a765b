import Foundation

/// What the playground runtime recorded during one run, as Docent checked it (`ProgramChannel`), one JSON object per line, of the kinds
/// `RuntimeContract.RecordKind` names: `snippet` (a boundary and the output's length there), `value` (the Nth value
/// of a site while a boundary's snippet ran), `truncated`, `trap` (the statements running at a fatal signal), `testStarted` and `test` (a Swift Testing test started, ended) and `end` (normal exit).
struct RuntimeRecords: Sendable, Hashable {
    /// One value of a site: its number among the site's values while its snippet ran (1 for the first), its
    /// summary and, when longer, its whole text.
    struct Value: Sendable, Hashable {
        var ordinal: Int = 1
        var text: String
        var full: String
        var isCut: Bool
    }

    /// What one site produced while one boundary's snippet ran: how often, and the values the runtime wrote (its
    /// first ones and the latest last one), in order.
    struct History: Sendable, Hashable {
        var count = 0
        var values: [Value] = []

        /// The value the site produced last, as far as the records tell.
        var last: Value? { values.last }

        /// Adds the value numbered `value.ordinal`; a later record of the same number replaces an earlier one.
        mutating func add(_ value: Value) {
            count = max(count, value.ordinal)
            let index = values.firstIndex { $0.ordinal >= value.ordinal } ?? values.endIndex
            if index < values.endIndex, values[index].ordinal == value.ordinal {
                values[index] = value
            } else {
                values.insert(value, at: index)
            }
            // Of the values after the first ones, only the latest is the runtime's "last": drop older lasts.
            let kept = RuntimeContract.firstValuesKept
            if let newest = values.last, newest.ordinal > kept {
                values.removeAll { $0.ordinal > kept && $0.ordinal != newest.ordinal }
            }
        }
    }

    /// What one site (program line and column) produced, by the boundary whose snippet's code was running (-1
    /// before the first boundary).
    struct SiteValues: Sendable, Hashable {
        var histories: [Int: History] = [:]

        /// How many values the site produced in all.
        var count: Int { histories.values.reduce(0) { $0 + $1.count } }
        /// The last value of the latest boundary that produced one.
        var last: Value? { histories.keys.max().flatMap { histories[$0]?.last } }
    }

    /// Where in standard output each boundary was reached, by boundary index.
    var boundaries: [Int: Int] = [:]
    var sites: [ProgramSite: SiteValues] = [:]
    /// The boundary whose snippet passed the output limit, which stopped the program.
    var truncatedBoundary: Int?
    /// The statements running when a fatal signal arrived, outermost first.
    var trapSites: [ProgramSite]?
    /// The length of standard output when the program finished normally.
    var endOffset: Int?
    /// The Swift Testing tests that ended, in order.
    var tests: [Test] = []
    /// The Swift Testing tests that started (without issues), in order: one that never ended was running when the
    /// program stopped.
    var startedTests: [Test] = []

    /// The test that started and never ended, if any: the one running when the program stopped.
    var unfinishedTest: Test? {
        startedTests.last { started in !tests.contains { $0.line == started.line && $0.column == started.column } }
    }

    /// A test that ended: where its `@Test` attribute is in the program, its name and its issues.
    struct Test: Sendable, Hashable, Decodable {
        /// An issue the test recorded, and where in the program (nil outside it).
        struct Issue: Sendable, Hashable, Decodable {
            var message: String
            var line: Int?
            var column: Int?
        }

        var line: Int
        var column: Int
        var name: String
        var issues: [Issue]
    }

    /// The boundary reached last, -1 if none.
    var lastBoundary: Int { boundaries.keys.max() ?? -1 }

    private struct Record: Decodable {
        var kind: String
        var index: Int?
        var offset: Int?
        var line: Int?
        var column: Int?
        var snippet: Int?
        var count: Int?
        var text: String?
        var full: String?
        var cut: Bool?
        var sites: [[Int]]?
        var name: String?
        var issues: [Test.Issue]?
    }

    init() {}

    /// Reads the records; a line the program was killed while writing is skipped.
    init(parsing text: String) {
        let decoder = JSONDecoder()
        let lines = text.split(separator: "\n")
        // All lines as one JSON array: one decode instead of one per record (a warm build reads every cached
        // run's records). Only if some line is damaged are the lines decoded one by one, skipping it.
        let records = (try? decoder.decode([Record].self, from: Data(("[" + lines.joined(separator: ",") + "]").utf8)))
            ?? lines.compactMap { try? decoder.decode(Record.self, from: Data($0.utf8)) }
        for record in records {
            switch RuntimeContract.RecordKind(name: record.kind) {
            case .snippet:
                if let index = record.index { boundaries[index] = record.offset ?? -1 }
            case .value:
                guard let line = record.line, let column = record.column, let text = record.text else { continue }
                let value = Value(ordinal: record.count ?? 1, text: text, full: record.full ?? text, isCut: record.cut ?? false)
                sites[ProgramSite(line: line, column: column), default: SiteValues()]
                    .histories[record.snippet ?? -1, default: History()].add(value)
            case .truncated: truncatedBoundary = record.index
            case .trap:
                trapSites = (record.sites ?? []).compactMap { $0.count == 2 ? ProgramSite(line: $0[0], column: $0[1]) : nil }
            case .end: endOffset = record.offset
            case .test:
                guard let line = record.line, let column = record.column, let name = record.name else { continue }
                tests.append(Test(line: line, column: column, name: name, issues: record.issues ?? []))
            case .testStarted:
                guard let line = record.line, let column = record.column, let name = record.name else { continue }
                startedTests.append(Test(line: line, column: column, name: name, issues: []))
            case nil: continue
            }
        }
    }
}
