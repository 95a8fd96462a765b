/// A comment by which the author says a line of code is an error (`// Error: …`, `// this triggers a runtime error`):
/// the failure of that line is expected.
///
/// ```swift
/// let marks = BlockAnalysis(code: "let x: Int = \"a\" // Error").errorMarks
/// marks[0].line   // 1, the line that must fail
/// ```
///
/// Where the comment is: at the end of the failing line, or alone on a line of the comment lines right under it
/// (a blank line, or a line holding only a comment, is never marked). What it says (ignoring case and
/// curly apostrophes; a `// Prints` or `// =>` comment never marks):
/// 1. it *starts with* `error`, `compile-time error`, `compile time error`, `compiler error`, `runtime error`,
///    `run-time error`, `fatal error`, `trap`, `traps`, `crash`, `crashes` or `fails`, followed by nothing or by
///    `:` `.` `,` `;` `!` `(`, by a dash (`-` `–` `—`) and a space, or by the word `because`: `// Error`,
///    `// error: …`, `// Traps.`, `// Error because < can't compare Boolean values`
///    (`// Errors are thrown here`, `// errorCount is 0`, `// error handling` do not mark); or
/// 2. it *contains*, as whole words, `<verb> a|an [kind] error` with a verb among `is`, `be`, `report(s)`,
///    `cause(s)`, `trigger(s)`, `give(s)`, `produce(s)` and a kind among `compile-time`, `compile time`,
///    `compiler`, `runtime`, `run-time`, `fatal` (`// this reports a compile-time error - labels are required`,
///    `// This is a compile-time error: …`, `// this triggers a runtime error`, `// this causes an error`,
///    `// this will report an error`); or the word `traps`, `crashes` or `fails`; or `doesn't compile`,
///    `does not compile`, `won't compile`, `will not compile` — unless the phrase is directly followed by `if`,
///    `when`, `whenever` or `unless` (`// throws an error if the file is missing`, `// crashes if x is nil` do
///    not mark).
public struct ErrorMark: Sendable, Hashable, Codable {
    /// 1-based line of the code the comment says is an error.
    public var line: Int
    /// 1-based line of the comment: `line` for a comment at the end of the line, `line + 1` for one alone after it.
    public var commentLine: Int
    /// Column (UTF-8 bytes, 1-based) of the `//`.
    public var commentColumn: Int
    /// 0-based UTF-8 offset of the `//`.
    public var commentOffset: Int
    /// The comment's text after `//`, without surrounding spaces.
    public var text: String

    public init(line: Int, commentLine: Int, commentColumn: Int, commentOffset: Int, text: String) {
        self.line = line
        self.commentLine = commentLine
        self.commentColumn = commentColumn
        self.commentOffset = commentOffset
        self.text = text
    }
}
