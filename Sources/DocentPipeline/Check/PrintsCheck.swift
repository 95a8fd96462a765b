import DocentCore
import Foundation

/// Checks a snippet's `// Prints` comments against what it printed, as books use them: each group of comments
/// (comments on consecutive lines) pins the lines printed after the previous group's, in order, so the groups'
/// lines, one after another, must be the first lines the snippet printed. Lines printed after the last group's
/// are compared only when no code follows the last group (a block that pins everything with one group at its
/// end): books comment only some statements, and the output of those after the last comment is shown, not checked.
///
/// ```swift
/// let failures = PrintsCheck(snippet).failures(output: run.output, truncated: run.outputTruncated)
/// ```
///
/// What is compared is the lines and their order, not the moment each was printed: a group written before the
/// statement that prints its line passes when that line comes next in the output.
struct PrintsCheck {
    let snippet: Snippet

    init(_ snippet: Snippet) {
        self.snippet = snippet
    }

    /// Whether code follows the last `// Prints` comment: a line that is not blank, not only a comment, and not only
    /// closing brackets (the end of the loop or function the comment is in).
    var codeFollowsLastGroup: Bool {
        guard let last = snippet.expectedPrints.map(\.line).max() else { return false }
        return snippet.lines.contains { line in
            guard line.number > last else { return false }
            let text = line.code.trimmingCharacters(in: .whitespaces)
            return !text.isEmpty && !text.hasPrefix("//") && !text.allSatisfy { "})];".contains($0) || $0 == " " }
        }
    }

    func failures(output: String, truncated: Bool) -> [SnippetResult.Failure] {
        let prints = snippet.expectedPrints
        guard let first = prints.first else { return [] }
        let path = snippet.location.path
        let want = prints.map(\.text).joined(separator: "\n")
        let whole = ResultChecker.trimmingTrailingNewlines(output)
        let printed = whole.isEmpty ? [] : whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // What the comments pin: every line, or only as many as they promise when code follows the last group.
        let pinned = codeFollowsLastGroup ? Array(printed.prefix(prints.count)) : printed
        let got = pinned.joined(separator: "\n")
        if truncated, pinned.count < prints.count || !codeFollowsLastGroup {
            return [.init(.outputTruncated, location: first.location(in: path), message: "output was truncated at the output limit",
                          expected: want, actual: got)]
        }
        guard want != got else { return [] }
        let firstWrong = prints.indices.first { index in index >= pinned.count || pinned[index] != prints[index].text }
            ?? prints.count - 1
        return [.init(.printsDiffer, location: prints[firstWrong].location(in: path), message: "output differs from the `// Prints` comments",
                      expected: want, actual: got)]
    }
}
