import Foundation

/// Reads DocC block directives from Markdown source lines, as DocC does before Markdown parsing: a line that starts
/// (after at most three spaces) with `@Name(`, `@Name {`, or a known directive's bare `@Name`, opens one; arguments
/// may span lines and quote text (`"…"`, with `\"`); a body opened by `{` at the end of the line closes with a `}` on
/// a line of its own (or on the same line, `@Small { text }`), directives nesting inside. Lines inside fenced code
/// blocks are never directives.
///
/// ```swift
/// for case .directive(let directive) in DirectiveParser.segments(of: text) { print(directive.name) }
/// ```
public enum DirectiveParser {
    /// DocC's directive names: a line holding only one of these (`@TechnologyRoot`) is a directive; an unknown name
    /// counts only with `(` or `{` after it, so prose such as `@MainActor` alone stays text.
    public static let knownNames: Set<String> = [
        "Metadata", "DisplayName", "PageKind", "PageImage", "PageColor", "Available", "TechnologyRoot",
        "DocumentationExtension", "CallToAction", "TitleHeading", "SupportedLanguage", "Redirected", "Options",
        "AutomaticSeeAlso", "AutomaticTitleHeading", "AutomaticArticleSubheading", "TopicsVisualStyle", "Comment",
        "Small", "Row", "Column", "TabNavigator", "Tab", "Links", "Image", "Video", "Snippet", "Tutorials", "Tutorial",
        "Intro", "Section", "Steps", "Step", "Code", "Assessments", "MultipleChoice", "Choice", "Justification",
        "ContentAndMedia", "Chapter", "Volume", "Resources", "Documentation", "SampleCode", "Downloads", "Videos",
        "Forums", "TutorialReference", "Stack", "XcodeRequirement", "Article",
    ]

    /// The text split into Markdown and the directives between it, in order.
    public static func segments(of chunk: MarkdownChunk) -> [DirectiveSegment] {
        let lines = chunk.text.markdownLines
        var segments: [DirectiveSegment] = []
        var pending: [Substring] = []
        var pendingStart = 0
        var fence: Fence?
        var index = 0
        func flush() {
            if pending.contains(where: { !$0.allSatisfy(\.isWhitespace) }) {
                segments.append(.markdown(MarkdownChunk(text: pending.joined(separator: "\n") + "\n",
                                                        firstLine: chunk.firstLine + pendingStart, indent: chunk.indent)))
            }
            pending = []
        }
        while index < lines.count {
            let line = lines[index]
            if let open = fence {
                if open.closes(line) { fence = nil }
            } else if let opened = Fence(opening: line) {
                fence = opened
            } else if let (directive, last) = directive(at: index, in: lines) {
                flush()
                segments.append(.directive(directive.placed(in: chunk)))
                index = last + 1
                pendingStart = index
                continue
            }
            if pending.isEmpty { pendingStart = index }
            pending.append(line)
            index += 1
        }
        flush()
        return segments
    }

    /// Convenience for a whole text: its line 1 is line 1.
    public static func segments(of text: String) -> [DirectiveSegment] {
        segments(of: MarkdownChunk(text: text, firstLine: 1, indent: 0))
    }

    /// Whether `line` opens a directive (the same test ``segments(of:)`` uses, without reading the rest).
    public static func opensDirective(_ line: Substring) -> Bool {
        head(of: line) != nil
    }

    // MARK: - One directive

    /// The name of the directive `line` opens and the index just after the name, or `nil`.
    private static func head(of line: Substring) -> (name: String, after: Substring.Index)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        var rest = line.dropFirst(indent.count)
        guard rest.first == "@" else { return nil }
        rest = rest.dropFirst()
        guard let first = rest.first, first.isASCII, first.isLetter else { return nil }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        let after = rest[name.endIndex...]
        let next = after.first { $0 != " " && $0 != "\t" }
        switch next {
        case "(", "{": return (String(name), name.endIndex)
        case nil: return knownNames.contains(String(name)) ? (String(name), name.endIndex) : nil
        default: return nil
        }
    }

    /// The directive starting at `lines[index]` (positions in `lines`' own numbering) and the index of its last line.
    private static func directive(at index: Int, in lines: [Substring]) -> (Directive, Int)? {
        guard let (name, afterName) = head(of: lines[index]) else { return nil }
        let line = lines[index]
        let column = line.utf8.distance(from: line.startIndex, to: line.firstIndex(of: "@")!) + 1
        var lineIndex = index
        var rest = line[afterName...].drop { $0 == " " || $0 == "\t" }
        var arguments: [Directive.Argument] = []
        if rest.first == "(" {
            guard let (text, endLine, after) = argumentText(from: lineIndex, at: rest.index(after: rest.startIndex), in: lines)
            else { return nil }
            arguments = parseArguments(text)
            lineIndex = endLine
            rest = lines[lineIndex][after...].drop { $0 == " " || $0 == "\t" }
        }
        let start = MarkdownPosition(line: index + 1, column: column)
        guard rest.first == "{" else {
            return (Directive(name: name, arguments: arguments, start: start, endLine: lineIndex + 1), lineIndex)
        }
        let inner = rest.dropFirst()
        let trimmedInner = inner.trimmingCharacters(in: .whitespaces)
        if trimmedInner.hasSuffix("}") {
            // `@Small { text }`: the body on one line.
            let text = String(trimmedInner.dropLast()).trimmingCharacters(in: .whitespaces)
            let opening = lines[lineIndex]
            let indent = opening.utf8.distance(from: opening.startIndex, to: inner.startIndex)
                + (inner.prefix { $0 == " " }.count)
            let body = MarkdownChunk(text: text + "\n", firstLine: lineIndex + 1, indent: indent)
            return (Directive(name: name, arguments: arguments, body: body, start: start, endLine: lineIndex + 1), lineIndex)
        }
        var depth = 1
        var fence: Fence?
        var bodyLines: [Substring] = []
        var cursor = lineIndex + 1
        while cursor < lines.count {
            let current = lines[cursor]
            if let open = fence {
                if open.closes(current, anyIndent: true) { fence = nil }
            } else if let opened = Fence(opening: current, anyIndent: true) {
                fence = opened
            } else {
                let trimmed = current.trimmingCharacters(in: .whitespaces)
                if trimmed == "}" {
                    depth -= 1
                    if depth == 0 { break }
                } else if head(of: Substring(trimmed)) != nil, trimmed.hasSuffix("{") {
                    depth += 1
                }
            }
            bodyLines.append(current)
            cursor += 1
        }
        let unterminated = cursor >= lines.count
        let indent = bodyLines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        let text = bodyLines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
        let body = MarkdownChunk(text: text.isEmpty ? "" : text + "\n", firstLine: lineIndex + 2, indent: indent)
        let last = unterminated ? lines.count - 1 : cursor
        return (Directive(name: name, arguments: arguments, body: body, start: start, endLine: last + 1,
                          isUnterminated: unterminated), last)
    }

    /// The text between `(` (just before `start`) and its `)`, which may be lines later; quoted text may hold
    /// parentheses. Returns the text, the line of `)` and the index just after it; `nil` when nothing closes it.
    private static func argumentText(from lineIndex: Int, at start: Substring.Index,
                                     in lines: [Substring]) -> (String, Int, Substring.Index)? {
        var text = ""
        var depth = 1
        var inQuote = false
        var escaped = false
        var current = lineIndex
        var position = start
        while current < lines.count {
            let line = lines[current]
            while position < line.endIndex {
                let character = line[position]
                let next = line.index(after: position)
                if inQuote {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inQuote = false }
                } else if character == "\"" {
                    inQuote = true
                } else if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth -= 1
                    if depth == 0 { return (text, current, next) }
                }
                text.append(character)
                position = next
            }
            text.append("\n")
            current += 1
            if current < lines.count { position = lines[current].startIndex }
        }
        return nil
    }

    /// `label: value, "quoted, value", other` → arguments; commas inside quotes do not split.
    static func parseArguments(_ text: String) -> [Directive.Argument] {
        var pieces: [String] = []
        var piece = ""
        var inQuote = false
        var escaped = false
        for character in text {
            if inQuote {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inQuote = false }
            } else if character == "\"" {
                inQuote = true
            } else if character == "," {
                pieces.append(piece)
                piece = ""
                continue
            }
            piece.append(character)
        }
        pieces.append(piece)
        return pieces.compactMap { raw in
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return nil }
            var label: String?
            var value = Substring(trimmed)
            if !trimmed.hasPrefix("\""), let colon = trimmed.firstIndex(of: ":"),
               trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                label = String(trimmed[..<colon])
                value = trimmed[trimmed.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            }
            return Directive.Argument(label: label, value: unquote(value))
        }
    }

    private static func unquote(_ value: Substring) -> String {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return String(value) }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// A fenced code block's opening (three or more backticks or tildes, at most three spaces in unless told), to skip its lines.
private struct Fence {
    var character: Character
    var count: Int

    /// `anyIndent`: inside a directive's body, which is indented as a whole, a fence may stand at any depth.
    init?(opening line: Substring, anyIndent: Bool = false) {
        let indent = line.prefix { $0 == " " }
        guard anyIndent || indent.count <= 3, let first = line.dropFirst(indent.count).first, first == "`" || first == "~" else { return nil }
        let run = line.dropFirst(indent.count).prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        if first == "`", line.dropFirst(indent.count + run.count).contains("`") { return nil }
        character = first
        count = run.count
    }

    func closes(_ line: Substring, anyIndent: Bool = false) -> Bool {
        let trimmed = line.drop { $0 == " " }
        guard anyIndent || line.count - trimmed.count <= 3 else { return false }
        let run = trimmed.prefix { $0 == character }
        return run.count >= count && trimmed.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" }
    }
}

extension Directive {
    /// This directive with its positions moved from its chunk's numbering to the enclosing text's.
    fileprivate func placed(in chunk: MarkdownChunk) -> Directive {
        var placed = self
        placed.start = chunk.outer(start)
        placed.endLine = endLine + chunk.firstLine - 1
        if var body {
            body.firstLine += chunk.firstLine - 1
            body.indent += chunk.indent
            placed.body = body
        }
        return placed
    }
}
