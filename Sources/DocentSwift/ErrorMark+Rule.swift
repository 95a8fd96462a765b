extension ErrorMark {
    /// Openings that mark when the comment starts with them (rule 1 of ``ErrorMark``).
    private static let openings = [
        "compile-time error", "compile time error", "compiler error", "runtime error", "run-time error", "fatal error",
        "error", "trap", "traps", "crash", "crashes", "fails",
    ]
    /// What may follow an opening: the end of the comment, or one of these.
    private static let closers: Set<Character> = [":", ".", ",", ";", "!", "("]
    private static let dashes: Set<Character> = ["-", "–", "—"]
    /// Verbs of `<verb> a|an [kind] error` (rule 2).
    private static let verbs: Set<String> = [
        "is", "be", "report", "reports", "cause", "causes", "trigger", "triggers", "give", "gives", "produce", "produces",
    ]
    private static let kinds: Set<String> = ["compile-time", "compiler", "runtime", "run-time", "fatal"]
    private static let twoWordKinds: Set<[String]> = [["compile", "time"], ["run", "time"]]
    /// Word sequences that mark wherever they are (rule 2).
    private static let phrases: [[String]] = [
        ["traps"], ["crashes"], ["fails"], ["doesn't", "compile"], ["does", "not", "compile"],
        ["won't", "compile"], ["will", "not", "compile"],
    ]
    /// Words after a phrase that make it a condition rather than a statement.
    private static let conditions: Set<String> = ["if", "when", "whenever", "unless"]

    /// Whether a comment whose text after `//` is `text` says its line is an error, by the rules in ``ErrorMark``.
    static func marks(_ text: String) -> Bool {
        let lowered = String(text.lowercased().map { $0 == "’" ? "'" : $0 }).trimmingWhitespace()
        let words = Self.words(in: lowered)
        if lowered.hasPrefix("=>") || words.first == "prints" { return false }
        return opensWithMark(lowered) || saysError(words)
    }

    /// Rule 1: the comment starts with an opening followed by the end, a closer, or a dash and a space.
    private static func opensWithMark(_ text: String) -> Bool {
        openings.contains { opening in
            guard text.hasPrefix(opening) else { return false }
            let rest = text.dropFirst(opening.count)
            if let first = rest.first, first != " ", first != "\t", !closers.contains(first), !dashes.contains(first) {
                return false  // `errors`, `errorCount`: a longer word
            }
            let after = rest.drop { $0 == " " || $0 == "\t" }
            guard let next = after.first else { return true }
            if closers.contains(next) || after.hasPrefix("because ") { return true }  // `// Error because < can't…`
            return dashes.contains(next) && (after.dropFirst().first.map { $0 == " " || $0 == "\t" } ?? true)
        }
    }

    /// Rule 2: `<verb> a|an [kind] error`, or a phrase, not followed by a condition.
    private static func saysError(_ words: [String]) -> Bool {
        func stated(endingAt end: Int) -> Bool {
            end + 1 >= words.count || !conditions.contains(words[end + 1])
        }
        for index in words.indices {
            if verbs.contains(words[index]), index + 2 < words.count, words[index + 1] == "a" || words[index + 1] == "an" {
                var next = index + 2
                if kinds.contains(words[next]) {
                    next += 1
                } else if next + 1 < words.count, twoWordKinds.contains([words[next], words[next + 1]]) {
                    next += 2
                }
                if next < words.count, words[next] == "error", stated(endingAt: next) { return true }
            }
            for phrase in phrases where Array(words[index...].prefix(phrase.count)) == phrase {
                if stated(endingAt: index + phrase.count - 1) { return true }
            }
        }
        return false
    }

    /// Lower-case words: runs of letters, digits, `_`, `'` and inner `-` (`compile-time` is one word).
    private static func words(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "'" || $0 == "-") }
            .map { String($0.drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed()) }
            .filter { !$0.isEmpty }
    }
}

extension ErrorMark {
    /// Reads a comment that marks its own line (when it follows code) or the code line above it (when it is alone
    /// on its line, right under that line or under comment lines right under it); nil for any other comment.
    init?(_ comment: CommentScanner.LineComment, positions: SourcePositions, codeLines: Set<Int>,
          commentLines: Set<Int> = []) {
        let text = String(decoding: comment.bytes.dropFirst(2), as: UTF8.self)
        guard Self.marks(text) else { return nil }
        let start = positions.position(utf8Offset: comment.offset)
        var line = comment.standalone ? start.line - 1 : start.line
        // `// Int8 can't store a number larger than its maximum value,` / `// and so this will also report an error`
        while comment.standalone, commentLines.contains(line), !codeLines.contains(line) { line -= 1 }
        guard codeLines.contains(line) else { return nil }
        self.init(line: line, commentLine: start.line, commentColumn: start.column, commentOffset: start.offset,
                  text: text.trimmingWhitespace())
    }
}
