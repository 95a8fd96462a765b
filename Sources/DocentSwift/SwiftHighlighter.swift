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
/// the parser understands it; nothing is ever dropped. Code beyond ``AnalysisLimits`` (too large, nested too deep,
/// too slow to parse) is never parsed, or not waited for, and comes back as plain text.
public struct SwiftHighlighter: Sendable {
    public init() {
        limits = .standard
    }

    /// What the highlighter parses; code beyond these limits, or taking longer, is shown plain.
    public var limits: AnalysisLimits

    public init(limits: AnalysisLimits) {
        self.limits = limits
    }

    /// One entry per line of `code` (split on "\n"; a trailing "\n" gives a final empty line).
    /// Each line's spans, concatenated, are exactly that line's text; adjacent spans of the same kind are merged.
    public func lines(_ code: String) -> [[Span]] {
        painted(code) ?? HighlightCanvas(bytes: Array(code.utf8)).lines()
    }

    /// The lines as ``lines(_:)`` gives them when swift-syntax read the code; `nil` when the code is beyond the
    /// limits or took too long (``lines(_:)`` then shows it plain).
    public func painted(_ code: String) -> [[Span]]? {
        let bytes = Array(code.utf8)
        let nesting = limits.maximumDepth
        guard limits.refusal(for: code) == nil, let painted = TimeBound(limits.timeLimit).run({ () -> HighlightCanvas in
            let painter = HighlightPainter(bytes: bytes)
            painter.walk(SourceFileSyntax.parsing(code, maximumNestingLevel: nesting))
            return painter.canvas
        }) else {
            return nil
        }
        return painted.lines()
    }

    /// A run of one line's text with one classification.
    public struct Span: Sendable, Hashable, Codable {
        /// What the text is; `nil` for plain text (whitespace, punctuation, ordinary identifiers).
        public var kind: Kind?
        public var text: String

        public init(kind: Kind?, text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// A highlight class; `cssClass` names it in HTML.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case keyword, type, function, string, interpolation, escape, number, comment, attribute, directive
        case `operator`, literal, placeholder

        public var cssClass: String { "hl-" + rawValue }
    }
}
