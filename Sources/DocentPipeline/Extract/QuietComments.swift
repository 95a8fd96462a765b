import DocentCore
import DocentSwift

/// Finds the `// docent:quiet` comments of a snippet's code: a line comment that ends a line and says only
/// ``Snippet/quietMarker`` (in any case, with any spaces after `//` or the colon). Comments are told from code by
/// swift-syntax (through ``SwiftHighlighter``), so the marker inside a string literal is just text.
///
/// ```swift
/// QuietComments.find(in: "let c = Calendar.current // docent:quiet")
/// // [QuietComments.Found(line: 1, column: 26, standalone: false)]
/// ```
enum QuietComments {
    /// One marker comment: its 1-based line and UTF-8 column (of the `//`) in the code, and whether it is alone on
    /// its line (no code before it).
    struct Found: Sendable, Hashable {
        var line: Int
        var column: Int
        var standalone: Bool
    }

    static func find(in code: String) -> [Found] {
        // Most snippets hold no marker: those are not parsed at all.
        guard mayHoldMarker(code) else { return [] }
        var found: [Found] = []
        for (index, spans) in SwiftHighlighter().lines(code).enumerated() {
            // The line's last span that is not blank must be the comment.
            guard let last = spans.lastIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }),
                  spans[last].kind == .comment, isMarker(spans[last].text) else { continue }
            let before = spans[..<last].map(\.text).joined()
            found.append(Found(line: index + 1, column: before.utf8.count + 1,
                               standalone: before.allSatisfy(\.isWhitespace)))
        }
        return found
    }

    /// Whether `code` could hold a marker: `false` only for all-ASCII code without the word "docent" in any case
    /// (code with any other character is read in full, whatever `lowercased()` makes of it).
    static func mayHoldMarker(_ code: String) -> Bool {
        let word = Array("docent".utf8)
        var code = code
        return code.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return true }
            guard bytes.count >= word.count else { return false }
            // ASCII letters differ from their capitals in bit 0x20 alone.
            return (0...(bytes.count - word.count)).contains { start in
                word.indices.allSatisfy { bytes[start + $0] | 0x20 == word[$0] }
            }
        }
    }

    /// Whether a comment's text is the marker: `//`, then ``Snippet/quietMarker`` with spaces allowed around it and
    /// after its colon, in any case.
    static func isMarker(_ comment: String) -> Bool {
        guard comment.hasPrefix("//"), !comment.hasPrefix("///") else { return false }
        let words = comment.dropFirst(2).lowercased().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return words.joined(separator: ":") == Snippet.quietMarker
    }
}
