import Foundation

/// What the playground runtime wrote to its results file during one run, one JSON object per line, of the kinds
/// `RuntimeContract.RecordKind` names: `snippet` (a boundary and the output's length there), `value` (the Nth value
/// of a site), `truncated`, `trap` (the statements running at a fatal signal) and `end` (normal exit).
struct RuntimeRecords: Sendable, Hashable {
    /// One value of a site: its summary and, when longer, its whole text.
    struct Value: Sendable, Hashable {
        var text: String
        var full: String
        var isCut: Bool
    }

    /// What one site (program line and column) produced: how often, the first value and the last one.
    struct SiteValues: Sendable, Hashable {
        var count: Int
        var first: Value?
        var last: Value
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

    /// The boundary reached last, -1 if none.
    var lastBoundary: Int { boundaries.keys.max() ?? -1 }

    private struct Record: Decodable {
        var kind: String
        var index: Int?
        var offset: Int?
        var line: Int?
        var column: Int?
        var count: Int?
        var text: String?
        var full: String?
        var cut: Bool?
        var sites: [[Int]]?
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
                add(site: ProgramSite(line: line, column: column), count: record.count ?? 1,
                    value: Value(text: text, full: record.full ?? text, isCut: record.cut ?? false))
            case .truncated: truncatedBoundary = record.index
            case .trap:
                trapSites = (record.sites ?? []).compactMap { $0.count == 2 ? ProgramSite(line: $0[0], column: $0[1]) : nil }
            case .end: endOffset = record.offset
            case nil: continue
            }
        }
    }

    /// Keeps the first value (count 1) and the value with the highest count.
    private mutating func add(site: ProgramSite, count: Int, value: Value) {
        var entry = sites[site] ?? SiteValues(count: 0, first: nil, last: value)
        if count == 1 { entry.first = value }
        if count >= entry.count {
            entry.count = count
            entry.last = value
        }
        sites[site] = entry
    }
}
