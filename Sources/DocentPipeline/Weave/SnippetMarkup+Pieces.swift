import DocentCore
import DocentMarkdown
import DocentSwift

/// A run of one code line's text with the highlighting class it gets (`hl-keyword`…), or none.
struct CodePiece: Sendable, Hashable {
    var cssClass: String?
    var text: String

    /// The run as HTML: escaped text, in a `<span>` of its class when it has one.
    var html: String {
        let escaped = HTML.escape(text)
        guard let cssClass else { return escaped }
        return "<span class=\"\(cssClass)\">\(escaped)</span>"
    }

    /// The runs up to `offset` UTF-8 bytes into their line (where a `// =>` comment starts), without the spaces and
    /// tabs that end up before the cut. A run that straddles the offset is cut inside.
    static func cut(_ pieces: [CodePiece], atUTF8Offset offset: Int) -> [CodePiece] {
        var kept: [CodePiece] = []
        var remaining = offset
        for piece in pieces where remaining > 0 {
            let bytes = Array(piece.text.utf8)
            if bytes.count <= remaining {
                kept.append(piece)
                remaining -= bytes.count
            } else {
                kept.append(CodePiece(cssClass: piece.cssClass, text: String(decoding: bytes[..<remaining], as: UTF8.self)))
                remaining = 0
            }
        }
        while var last = kept.last {
            while last.text.last == " " || last.text.last == "\t" { last.text.removeLast() }
            if last.text.isEmpty {
                kept.removeLast()
            } else {
                kept[kept.count - 1] = last
                break
            }
        }
        return kept
    }

    /// The runs as HTML, with the UTF-8 bytes `marked` of their line (if any) inside one
    /// `<span class="problem-mark">`: a run that straddles a bound is split there.
    static func html(of pieces: [CodePiece], marking marked: Range<Int>?) -> String {
        guard let marked else { return pieces.map(\.html).joined() }
        var parts = ["", "", ""]  // before the mark, inside it, after it
        var offset = 0
        for piece in pieces {
            let bytes = Array(piece.text.utf8)
            let bounds = [0, marked.lowerBound - offset, marked.upperBound - offset, bytes.count].map { min(max($0, 0), bytes.count) }
            for part in 0..<3 where bounds[part] < bounds[part + 1] {
                parts[part] += CodePiece(cssClass: piece.cssClass,
                                         text: String(decoding: bytes[bounds[part]..<bounds[part + 1]], as: UTF8.self)).html
            }
            offset += bytes.count
        }
        guard !parts[1].isEmpty else { return parts[0] + parts[2] }
        return parts[0] + "<span class=\"problem-mark\">" + parts[1] + "</span>" + parts[2]
    }
}

extension SnippetMarkup {
    /// Each visible line's runs, by line number. Swift is highlighted as a whole (hidden lines included, so a
    /// declaration or a multi-line string that starts on a hidden line still colours the visible ones); other
    /// languages are plain. A line whose runs do not spell its code exactly stays plain.
    static func pieces(of snippet: Snippet, highlights: AnalysisCache? = nil) -> [Int: [CodePiece]] {
        var pieces: [Int: [CodePiece]] = [:]
        let code = snippet.lines.map(\.code).joined(separator: "\n")
        let highlighted: [[SwiftHighlighter.Span]] = snippet.language.lowercased() == "swift"
            ? highlights?.highlighted(code) ?? SwiftHighlighter().lines(code)
            : []
        for (offset, line) in snippet.lines.enumerated() where !line.isHidden {
            let plain = [CodePiece(cssClass: nil, text: line.code)]
            guard offset < highlighted.count else {
                pieces[line.number] = plain
                continue
            }
            let runs = highlighted[offset].filter { !$0.text.isEmpty }.map { CodePiece(cssClass: $0.kind?.cssClass, text: $0.text) }
            pieces[line.number] = runs.map(\.text).joined() == line.code ? runs : plain
        }
        return pieces
    }
}
