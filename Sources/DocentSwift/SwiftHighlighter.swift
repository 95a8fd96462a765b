import SwiftParser
import SwiftSyntax

/// Classifies every character of a Swift snippet into highlight spans, line by line, with swift-syntax's tokens.
///
/// ```swift
/// let lines = SwiftHighlighter().lines("let n = 1 // one")
/// // [[keyword "let", plain " n ", operator "=", plain " ", number "1", plain " ", comment "// one"]]
/// ```
///
/// The snippet is parsed once; every token and comment is painted onto its UTF-8 bytes, then the bytes are cut
/// into lines at each `\n` (a `\r` before it stays part of the line's text). Broken code is highlighted as far as
/// the parser understands it; nothing is ever dropped.
public struct SwiftHighlighter: Sendable {
    public init() {}

    /// One entry per line of `code` (split on "\n"; a trailing "\n" gives a final empty line).
    /// Each line's spans, concatenated, are exactly that line's text; adjacent spans of the same kind are merged.
    public func lines(_ code: String) -> [[Span]] {
        let tree = Parser.parse(source: code)
        let painter = HighlightPainter(bytes: Array(code.utf8))
        painter.walk(tree)
        return painter.canvas.lines()
    }

    /// Each line as HTML: text escaped, classified spans wrapped in `<span class="hl-KIND">…</span>`.
    /// Every line's HTML is balanced on its own.
    public func htmlLines(_ code: String) -> [String] {
        lines(code).map { spans in
            spans.map { span in
                let text = HTMLText.escape(span.text)
                guard let kind = span.kind else { return text }
                return "<span class=\"\(kind.cssClass)\">\(text)</span>"
            }.joined()
        }
    }

    /// A run of one line's text with one classification.
    public struct Span: Sendable, Hashable {
        /// What the text is; `nil` for plain text (whitespace, punctuation, ordinary identifiers).
        public var kind: Kind?
        public var text: String

        public init(kind: Kind?, text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// A highlight class; `cssClass` names it in HTML.
    public enum Kind: String, Sendable, CaseIterable {
        case keyword, type, function, string, interpolation, escape, number, comment, attribute, directive
        case `operator`, literal, placeholder

        public var cssClass: String { "hl-" + rawValue }
    }
}

/// Escapes text for HTML element content and attribute values.
enum HTMLText {
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
