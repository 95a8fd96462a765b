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
