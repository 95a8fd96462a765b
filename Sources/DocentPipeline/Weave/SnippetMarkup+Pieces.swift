import DocentCore
import DocentMarkdown

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
}

extension SnippetMarkup {
    /// Each visible line's runs, by line number: plain text, one run per line.
    static func pieces(of snippet: Snippet) -> [Int: [CodePiece]] {
        var pieces: [Int: [CodePiece]] = [:]
        for line in snippet.lines where !line.isHidden {
            pieces[line.number] = [CodePiece(cssClass: nil, text: line.code)]
        }
        return pieces
    }
}
