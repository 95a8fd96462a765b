import DocentCore
import DocentMarkdown
import Foundation
import Yams

/// A YAML mapping read with Yams, whose values are fetched by key with typed accessors that record
/// every problem (with the file, line and column of the offending value) instead of stopping at the first.
struct YAMLMapping {
    private let path: String
    /// File line of the YAML text's first line, minus one.
    private let lineOffset: Int
    /// The YAML text's lines, to turn libyaml's columns (Unicode scalars) into UTF-8 columns.
    private let lines: [Substring]
    private var entries: [(key: String, location: SourceLocation, value: Node)] = []
    /// Everything wrong so far, in the order found.
    private(set) var problems: [Diagnostic] = []

    /// Parses `text` (which starts at file line `lineOffset + 1`). A YAML syntax error, or a document
    /// that is not a mapping, is thrown as a diagnostic.
    init(parsing text: String, path: String, lineOffset: Int, what: String) throws {
        self.path = path
        self.lineOffset = lineOffset
        lines = text.markdownLines
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.diagnostic(for: error, path: path, lineOffset: lineOffset, text: text)
        }
        guard let root else { return }
        guard let mapping = root.mapping else {
            throw Diagnostic.notAMapping(what, at: location(root))
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                problems.append(.keyNotPlain(what, at: location(keyNode)))
                continue
            }
            entries.append((key, location(keyNode), value))
        }
    }

    var keys: [String] { entries.map(\.key) }

    func keyLocations() -> [String: SourceLocation] {
        Dictionary(entries.map { ($0.key, $0.location) }, uniquingKeysWith: { first, _ in first })
    }

    func location(_ node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(path: path, line: lineOffset + 1) }
        return SourceLocation(path: path, line: mark.line + lineOffset, column: Self.utf8Column(of: mark, in: lines))
    }

    /// libyaml counts a mark's column in Unicode scalars; a location counts UTF-8 bytes.
    private static func utf8Column(of mark: Mark, in lines: [Substring]) -> Int {
        guard mark.line >= 1, mark.line <= lines.count else { return mark.column }
        return SourceLocation.utf8Column(afterScalars: mark.column - 1, in: lines[mark.line - 1])
    }

    private func entry(_ key: String) -> (location: SourceLocation, value: Node)? {
        entries.first { $0.key == key }.map { ($0.location, $0.value) }
    }

    /// Records the diagnostic `make` builds at the value of `key` (or at the mapping's first line).
    mutating func fail(_ key: String, _ make: (SourceLocation) -> Diagnostic) {
        problems.append(make(entry(key).map { location($0.value) } ?? SourceLocation(path: path, line: lineOffset + 1)))
    }

    private mutating func missing(_ key: String, example: String) {
        problems.append(.missingKey(key, example: example, at: SourceLocation(path: path, line: max(lineOffset, 1))))
    }

    /// A plain scalar value (YAML `null` and `~` count as absent).
    mutating func string(_ key: String, required example: String? = nil) -> String? {
        guard let (_, value) = entry(key), value.null == nil else {
            if let example { missing(key, example: example) }
            return nil
        }
        guard let scalar = value.scalar else {
            fail(key) { .notSingleValue(key, at: $0) }
            return nil
        }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        if text.isEmpty, let example {
            fail(key) { .emptyValue(key, example: example, at: $0) }
            return nil
        }
        return text
    }

    mutating func int(_ key: String) -> Int? {
        guard let text = string(key) else { return nil }
        guard let number = Int(text) else {
            fail(key) { .notWholeNumber(key, text, at: $0) }
            return nil
        }
        return number
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let text = string(key) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            fail(key) { .notBoolean(key, text, at: $0) }
            return nil
        }
    }

    /// A list of scalars; a single scalar counts as a list of one.
    mutating func strings(_ key: String) -> [String] {
        guard let (_, value) = entry(key), value.null == nil else { return [] }
        if let scalar = value.scalar { return scalar.string.isEmpty ? [] : [scalar.string] }
        guard let sequence = value.sequence else {
            fail(key) { .notAList(key, example: "swift, dates", at: $0) }
            return []
        }
        var items: [String] = []
        for item in sequence {
            if let text = item.scalar?.string, !text.isEmpty {
                items.append(text)
            } else {
                problems.append(.itemNotText(key, at: location(item)))
            }
        }
        return items
    }

    /// A list of scalars with where each is written (a single scalar counts as a list of one, `[]` as none); `nil`
    /// when the key is absent or `null`. An item that is not a scalar is reported and left out.
    mutating func locatedStrings(_ key: String) -> [(text: String, location: SourceLocation)]? {
        guard let (_, value) = entry(key), value.null == nil else { return nil }
        if let scalar = value.scalar {
            return [(scalar.string.trimmingCharacters(in: .whitespaces), location(value))]
        }
        guard let sequence = value.sequence else {
            fail(key) { .notAList(key, example: "Foundation", at: $0) }
            return nil
        }
        var items: [(text: String, location: SourceLocation)] = []
        for item in sequence {
            if let scalar = item.scalar {
                items.append((scalar.string.trimmingCharacters(in: .whitespaces), location(item)))
            } else {
                problems.append(.itemNotSingleValue(key, at: location(item)))
            }
        }
        return items
    }

    /// The raw node of a key, for values with a structure of their own.
    func node(_ key: String) -> Node? { entry(key)?.value }

    mutating func record(_ diagnostic: Diagnostic) { problems.append(diagnostic) }

    /// Reports every key that is not in `allowed`, suggesting the nearest allowed one.
    mutating func rejectUnknownKeys(allowed: [String], what: String) {
        for entry in entries where !allowed.contains(entry.key) {
            var notes = ["known keys: " + allowed.joined(separator: ", ")]
            if let suggestion = Self.nearest(to: entry.key, in: allowed) {
                notes.insert("did you mean '\(suggestion)'?", at: 0)
            }
            problems.append(.unknownKey(entry.key, in: what, notes: notes, at: entry.location))
        }
    }

    static func nearest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    static func diagnostic(for error: YamlError, path: String, lineOffset: Int, text: String) -> Diagnostic {
        let lines = text.markdownLines
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(path: path, line: mark.line + lineOffset, column: utf8Column(of: mark, in: lines))
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return .invalidYAML(detail, at: at(mark))
        case let .duplicatedKeysInMapping(duplicates, context):
            return .duplicateKey(duplicates, at: at(context.mark))
        case let .reader(problem, _, _, _):
            return .invalidYAML(problem, at: SourceLocation(path: path, line: lineOffset + 1))
        default:
            return .invalidYAML("\(error)", at: SourceLocation(path: path, line: lineOffset + 1))
        }
    }
}
