/// How an article program numbers its lines: line `n` of snippet `k` is `(k + 1) * stride + n`.
///
/// Numbering by snippet, not by Markdown line, keeps a program the same when prose above a snippet grows or
/// shrinks; values, compiler errors and traps are mapped back to Markdown lines through the snippet afterwards.
/// Docent's own statements are numbered below `stride` in the file `__docent__`, and the playground runtime
/// ignores them (`stride` is `RuntimeContract.firstArticleLine`, which the runtime reads too).
enum ProgramLines {
    static let stride = RuntimeContract.firstArticleLine
    /// The file name of Docent's own generated lines.
    static let generatedFile = "__docent__"
    /// The file name of the `imports:` lines: line `n` imports the `n`th module of the list, so an error there is
    /// reported where the list names that module.
    static let importsFile = "__imports__"

    /// The program line of line `line` (1-based) of snippet `snippet` (0-based).
    static func encode(snippet: Int, line: Int) -> Int {
        (snippet + 1) * stride + line
    }

    /// The snippet and its code line that a program line belongs to; `nil` for Docent's own lines.
    static func decode(_ line: Int) -> (snippet: Int, line: Int)? {
        guard line >= stride else { return nil }
        return (line / stride - 1, line % stride)
    }

    /// The most lines a snippet may have.
    static let maximumSnippetLines = stride - 1
}
