import DocentCore
import Foundation

/// What the playground runtime wrote to its results file during one run (see `PlaygroundRuntime.swift`).
struct RuntimeRecords: Sendable, Hashable {
    /// Where in standard output each snippet boundary was reached, by boundary index.
    var boundaries: [Int: Int] = [:]
    /// Each Markdown line's last value.
    var values: [Int: SnippetResult.LineValue] = [:]
    /// The boundary whose snippet passed the output limit, which stopped the program.
    var truncatedBoundary: Int?
    /// The statements running when a fatal signal arrived, outermost first.
    var trapLines: [Int]?
    /// The length of standard output when the program finished normally.
    var endOffset: Int?

    /// The boundary reached last, -1 if none.
    var lastBoundary: Int { boundaries.keys.max() ?? -1 }

    /// One record, as the runtime writes it.
    private struct Record: Decodable {
        var kind: String
        var index: Int?
        var offset: Int?
        var line: Int?
        var count: Int?
        var text: String?
        var lines: [Int]?
    }

    init() {}

    /// Reads JSON lines; a line the program was killed while writing is skipped.
    init(parsing text: String) {
        let decoder = JSONDecoder()
        for line in text.split(separator: "\n") {
            guard let record = try? decoder.decode(Record.self, from: Data(line.utf8)) else { continue }
            switch record.kind {
            case "snippet":
                if let index = record.index { boundaries[index] = record.offset ?? -1 }
            case "value":
                if let number = record.line, let text = record.text {
                    values[number] = SnippetResult.LineValue(line: number, text: text, count: record.count ?? 1)
                }
            case "truncated": truncatedBoundary = record.index
            case "trap": trapLines = record.lines ?? []
            case "end": endOffset = record.offset
            default: continue
            }
        }
    }
}
