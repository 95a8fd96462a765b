/// A snippet's UTF-8 bytes, each painted with a highlight kind, cut into per-line spans in one pass.
struct HighlightCanvas {
    let bytes: [UInt8]
    /// Per byte: 0 for plain, otherwise 1 + the kind's index in `SwiftHighlighter.Kind.allCases`.
    private var codes: [UInt8]

    private static let kinds = SwiftHighlighter.Kind.allCases

    init(bytes: [UInt8]) {
        self.bytes = bytes
        codes = [UInt8](repeating: 0, count: bytes.count)
    }

    /// Paints `range` (UTF-8 offsets, clamped to the snippet) with `kind`; `nil` paints plain.
    mutating func paint(_ range: Range<Int>, _ kind: SwiftHighlighter.Kind?) {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        guard lower < upper else { return }
        let code = Self.code(for: kind)
        for index in lower..<upper {
            codes[index] = code
        }
    }

    /// The painted bytes as lines of merged spans; lines end at each `\n`, which belongs to no line.
    func lines() -> [[SwiftHighlighter.Span]] {
        var lines: [[SwiftHighlighter.Span]] = []
        var lineStart = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
            lines.append(spans(lineStart..<index))
            lineStart = index + 1
        }
        return lines
    }

    /// The spans of one line: runs of equal code, never cut inside a UTF-8 sequence (continuation bytes follow
    /// the kind of the byte that starts their scalar).
    private func spans(_ line: Range<Int>) -> [SwiftHighlighter.Span] {
        var spans: [SwiftHighlighter.Span] = []
        var runStart = line.lowerBound
        var runCode = line.isEmpty ? 0 : codes[line.lowerBound]
        for index in line.dropFirst() where !Self.isContinuation(bytes[index]) && codes[index] != runCode {
            spans.append(span(runStart..<index, code: runCode))
            runStart = index
            runCode = codes[index]
        }
        if runStart < line.upperBound {
            spans.append(span(runStart..<line.upperBound, code: runCode))
        }
        return spans
    }

    private func span(_ range: Range<Int>, code: UInt8) -> SwiftHighlighter.Span {
        let kind = code == 0 ? nil : Self.kinds[Int(code) - 1]
        return SwiftHighlighter.Span(kind: kind, text: String(decoding: bytes[range], as: UTF8.self))
    }

    private static func code(for kind: SwiftHighlighter.Kind?) -> UInt8 {
        guard let kind, let index = kinds.firstIndex(of: kind) else { return 0 }
        return UInt8(index + 1)
    }

    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0b1100_0000 == 0b1000_0000
    }
}
