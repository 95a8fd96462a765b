import DocentCore
import DocentMarkdown
import DocentSwift
import Foundation

/// `docent test --update`: rewrites stale `output` blocks, `// Prints` comments and `// =>` values with what actually
/// happened (in a SwiftPM snippet's `.swift` file, its `// Prints` comments and `// =>` values), changing no other byte
/// of the file (line endings, indentation and everything else kept) and writing each file atomically, keeping its
/// permissions. A file edited since docent read it is left alone, with an error naming it. Only existing expectations
/// are updated; none is added.
///
/// ```swift
/// let update = try ExpectationUpdater(fileSystem: LocalFileSystem()).update(report)
/// let remaining = report.removingFailures(at: update.fixed)
/// ```
public struct ExpectationUpdater: Sendable {
    /// What an update changed, and what it could not.
    public struct Update: Sendable {
        /// Files rewritten, with how many expectations each.
        public var files: [(path: String, count: Int)]
        /// Locations of the failures the update fixed (output blocks' fences, values' columns).
        public var fixed: Set<SourceLocation>
        /// Stale expectations left as they were, and why.
        public var warnings: [Diagnostic]
    }

    /// One replacement of a byte range of the file.
    struct Edit {
        var range: Range<Int>
        var bytes: [UInt8]
        var fixes: SourceLocation
    }

    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    public func update(_ report: TestReport) throws -> Update {
        var update = Update(files: [], fixed: [], warnings: [])
        for article in report.articles {
            let original = [UInt8](try fileSystem.contents(of: article.path))
            // Edited since docent read it: the places to rewrite are no longer where they were. A SwiftPM snippet was
            // read as the Markdown of its file (whose lines and columns are the file's): the file is compared as such.
            let read = SnippetFile.isSnippet(path: article.path)
                ? Array(SnippetFile.markdown(for: String(decoding: original, as: UTF8.self)).utf8) : original
            if let source = article.source, read != Array(source.utf8) {
                update.warnings.append(CheckDiagnostics.updateFileChanged(article.path))
                continue
            }
            let (updated, fixed, warnings) = Self.updated(original, snippets: article.snippets)
            update.warnings += warnings
            guard updated != original else { continue }
            do {
                try fileSystem.write(Data(updated), to: article.path)
            } catch {
                update.warnings.append(CheckDiagnostics.updateUnwritable(article.path, error))
                continue
            }
            update.files.append((article.path, fixed.count))
            update.fixed.formUnion(fixed)
        }
        return update
    }

    /// The kinds of failure `--update` fixes: an expectation the snippet's output or values no longer meet.
    static let updatable: Set<SnippetResult.Failure.Kind> = [.outputDiffers, .outputTruncated, .printsDiffer, .valueDiffers]

    /// The file's bytes with every stale expectation of `snippets` replaced.
    static func updated(_ file: [UInt8], snippets: [CheckedSnippet]) -> (bytes: [UInt8], fixed: [SourceLocation], warnings: [Diagnostic]) {
        let lines = FileLines(file)
        var edits: [Edit] = []
        var warnings: [Diagnostic] = []
        for checked in snippets where checked.result.status == .failed {
            for failure in checked.result.failures {
                guard Self.updatable.contains(failure.kind), let actual = failure.actual, failure.expected != nil else { continue }
                if let output = checked.snippet.expectedOutput, output.location == failure.location {
                    if checked.result.outputTruncated {
                        warnings.append(CheckDiagnostics.updateOutputTruncated(at: failure.location))
                        continue
                    }
                    switch outputEdit(output, actual: actual, lines: lines, fixes: failure.location) {
                    case .success(let edit): edits.append(edit)
                    case .failure(let warning): warnings.append(warning)
                    }
                } else if checked.snippet.expectedPrints.contains(where: { $0.location(in: checked.snippet.location.path) == failure.location }) {
                    switch printsEdits(checked.snippet.expectedPrints, actual: actual, lines: lines, fixes: failure.location) {
                    case .success(let printEdits): edits += printEdits
                    case .failure(let warning): warnings.append(warning)
                    }
                } else if let value = checked.snippet.expectedValues.first(where: {
                    $0.line == failure.location.line && $0.column == failure.location.column
                }) {
                    switch valueEdit(value, actual: actual, lines: lines, fixes: failure.location) {
                    case .success(let edit): edits.append(edit)
                    case .failure(let warning): warnings.append(warning)
                    }
                }
            }
        }
        var bytes = file
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: edit.bytes)
        }
        return (bytes, edits.map(\.fixes), warnings)
    }

    /// Replaces the output block's content lines, each new line written with the fence's indentation and line ending.
    private static func outputEdit(_ output: Snippet.ExpectedOutput, actual: String, lines: FileLines,
                                   fixes: SourceLocation) -> Result<Edit, Diagnostic> {
        guard let fence = lines.line(output.location.line) else {
            return .failure(CheckDiagnostics.updateOutputBlockGone(at: output.location))
        }
        let fenceText = Array(lines.bytes[fence.content])
        let fenceStart = output.fence.column - 1
        let fenceCharacter = output.fence.character.asciiValue ?? 0
        let fenceLength = output.fence.length
        guard fenceStart < fenceText.count, fenceText[fenceStart...].prefix(while: { $0 == fenceCharacter }).count == fenceLength else {
            return .failure(CheckDiagnostics.updateOutputFenceGone(at: output.location))
        }
        // Container markers stay (`> `); a list item's marker becomes spaces on the lines below it.
        let indent = fenceText[..<fenceStart].map { byte -> UInt8 in
            byte == UInt8(ascii: ">") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") ? byte : UInt8(ascii: " ")
        }
        let ending = fence.ending.isEmpty ? [UInt8(ascii: "\n")] : Array(lines.bytes[fence.ending])

        let newLines = actual.isEmpty ? [] : actual.split(separator: "\n", omittingEmptySubsequences: false)
        var replacement: [UInt8] = []
        for line in newLines {
            let text = Array(line.utf8)
            let leadingSpaces = text.prefix { $0 == UInt8(ascii: " ") }.count
            if leadingSpaces < 4, text.dropFirst(leadingSpaces).prefix(while: { $0 == fenceCharacter }).count >= fenceLength {
                return .failure(CheckDiagnostics.updateOutputClosesFence(at: output.location))
            }
            replacement += (text.isEmpty ? indent.filter { $0 == UInt8(ascii: ">") } : indent) + text + ending
        }
        let range: Range<Int>
        if output.lastLine >= output.firstLine {
            guard let first = lines.line(output.firstLine), let last = lines.line(output.lastLine) else {
                return .failure(CheckDiagnostics.updateOutputBlockGone(at: output.location))
            }
            range = first.content.lowerBound..<last.ending.upperBound
        } else {
            guard let closing = lines.line(output.firstLine) else {
                return .failure(CheckDiagnostics.updateOutputBlockGone(at: output.location))
            }
            range = closing.content.lowerBound..<closing.content.lowerBound
        }
        return .success(Edit(range: range, bytes: replacement, fixes: fixes))
    }

    /// Rewrites the printed text of each `// Prints` comment whose line of output changed, in the comment's own form
    /// (a Swift literal, the text between outer quotes as written, a bare line under `// Prints N lines:`), keeping a
    /// period or an explanation after it; the snippet must have printed exactly one line per comment (otherwise the
    /// comments are left for the author).
    private static func printsEdits(_ prints: [Snippet.ExpectedPrint], actual: String, lines: FileLines,
                                    fixes: SourceLocation) -> Result<[Edit], Diagnostic> {
        let printed = actual.isEmpty ? [] : actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard printed.count == prints.count else {
            return .failure(CheckDiagnostics.updatePrintsCount(at: fixes, printed: printed.count, comments: prints.count))
        }
        var edits: [Edit] = []
        for (expected, line) in zip(prints, printed) where expected.text != line {
            // The comment as it is now must still read as what was checked.
            guard let fileLine = lines.line(expected.line), let column = expected.commentColumn,
                  column >= 1, column <= expected.quoteStart, expected.quoteEnd - 1 <= fileLine.content.count else {
                return .failure(CheckDiagnostics.updateLineChanged(at: fixes))
            }
            let commentStart = fileLine.content.lowerBound + column - 1
            let comment = Array(lines.bytes[commentStart..<fileLine.content.upperBound])
            guard PrintsComment.printedLine(inComment: comment, isBlockLine: expected.isBlockLine) == expected.text else {
                return .failure(CheckDiagnostics.updateLineChanged(at: fixes))
            }
            let range = (expected.quoteStart - column)..<(expected.quoteEnd - column)
            guard let replacement = PrintsComment.rewriting(comment, range: range, to: line, form: form(expected.form),
                                                            isBlockLine: expected.isBlockLine) else {
                return .failure(CheckDiagnostics.updatePrintsUnwritable(at: fixes, line: SwiftStringLiteral.quoted(line)))
            }
            edits.append(Edit(range: (commentStart + range.lowerBound)..<(commentStart + range.upperBound),
                              bytes: replacement, fixes: fixes))
        }
        return .success(edits)
    }

    private static func form(_ form: Snippet.ExpectedPrint.Form) -> PrintsComment.Form {
        switch form {
        case .literal: .literal
        case .verbatim: .verbatim
        case .plain: .plain
        }
    }

    /// Replaces the text after `// =>` on the value's line.
    private static func valueEdit(_ value: Snippet.ExpectedValue, actual: String, lines: FileLines,
                                  fixes: SourceLocation) -> Result<Edit, Diagnostic> {
        guard !actual.contains("\n") else {
            return .failure(CheckDiagnostics.updateValueMultiline(at: fixes))
        }
        guard let line = lines.line(value.line), value.column - 1 <= line.content.count else {
            return .failure(CheckDiagnostics.updateLineGone(at: fixes))
        }
        let start = line.content.lowerBound + value.column - 1
        let current = String(decoding: lines.bytes[start..<line.content.upperBound], as: UTF8.self)
        guard current.trimmingCharacters(in: .whitespaces) == value.text else {
            return .failure(CheckDiagnostics.updateLineChanged(at: fixes))
        }
        let needsSpace = start > line.content.lowerBound && lines.bytes[start - 1] == UInt8(ascii: ">")
        return .success(Edit(range: start..<line.content.upperBound,
                             bytes: (needsSpace ? [UInt8(ascii: " ")] : []) + Array(actual.utf8), fixes: fixes))
    }
}

/// A file's bytes and its lines (``TextLines``), where an update finds the places it rewrites.
struct FileLines {
    let bytes: [UInt8]
    private let lines: TextLines

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = TextLines(utf8: bytes)
    }

    /// The 1-based line `number`, if the file has it: the empty line after a final line break is not one.
    func line(_ number: Int) -> TextLines.Line? {
        let count = lines.last?.content.isEmpty == true ? lines.count - 1 : lines.count
        return number >= 1 && number <= count ? lines[number - 1] : nil
    }
}
