/// A SwiftPM snippet (`Snippets/Basics.swift`) read as an article of one Swift block, so it is compiled, run and
/// checked like any other: the lines between `// snippet.hide` and `// snippet.show` (and those markers) are compiled
/// but hidden, as DocC hides them (``hiddenLines(of:)``: the Extract stage asks it, not a `# ` prefix, so a line of
/// the file that begins with `# ` stays as written); every line keeps its number and its columns in the `.swift`
/// file (``lineOffset``), so messages and `--update` point into the file itself.
///
/// ```swift
/// SnippetFile.markdown(for: "import Numerics\n// snippet.hide\nlet x = 1\n// snippet.show\nprint(x)\n")
/// // "```swift\nimport Numerics\n// snippet.hide\nlet x = 1\n// snippet.show\nprint(x)\n```\n"
/// ```
import Foundation

public enum SnippetFile {
    /// How much the article's line numbers exceed the file's: one, for the opening fence.
    public static let lineOffset = -1

    /// Whether an article is a SwiftPM snippet: the only articles read from `.swift` files (``PackageContentLoader``).
    public static func isSnippet(path: String) -> Bool { path.hasSuffix(".swift") }

    /// The Markdown of one fenced Swift block holding the file's lines as they are. The fence is longer than any run
    /// of backticks in the file, so no line of it closes the block.
    public static func markdown(for source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: source) + 1))
        return ([fence + "swift"] + lines + [fence]).joined(separator: "\n") + "\n"
    }

    /// For each line, whether DocC hides it: from a `// snippet.hide` line through the next `// snippet.show` line.
    public static func hiddenLines(of lines: [String]) -> [Bool] {
        var hidden = false
        return lines.map { line in
            let marker = line.trimmingCharacters(in: .whitespaces)
            if marker == "// snippet.hide" { hidden = true }
            defer { if marker == "// snippet.show" { hidden = false } }
            return hidden
        }
    }

    /// The visible code of a snippet, as DocC shows it: without the hidden regions and their markers.
    public static func visibleCode(of source: String) -> String {
        var hidden = false
        var shown: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let marker = line.trimmingCharacters(in: .whitespaces)
            if marker == "// snippet.hide" { hidden = true; continue }
            if marker == "// snippet.show" { hidden = false; continue }
            if !hidden { shown.append(line) }
        }
        return shown.joined(separator: "\n")
    }

    private static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
