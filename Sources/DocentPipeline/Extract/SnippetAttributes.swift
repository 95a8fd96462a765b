import DocentCore
import DocentMarkdown

/// Reads the words after `swift` in a code fence's info string (`hidden`, `compile-fail="text"`, `values=none`…)
/// into a ``Snippet/Mode`` and a ``Snippet/ValueDisplay``, reporting an unknown or conflicting word at its column in
/// the fence line (the words and their columns are ``CodeBlock/infoWords``).
struct SnippetAttributes {
    /// What the words ask for.
    struct Reading: Sendable, Hashable {
        var mode: Snippet.Mode = .shared
        var values: Snippet.ValueDisplay = .all
        /// The command-line arguments of `args="…"`, split at spaces (single quotes keep spaces), and the word's
        /// column; nil without the attribute.
        var arguments: [String]?
        var argumentsColumn: Int?
    }

    /// The attributes that choose a mode, of which a snippet takes at most one.
    static let modes = ["hidden", "isolated", "no-run", "ignore", "compile-fail", "compile-fail=\"text\"", "crash"]
    /// The attributes an author may write, as the error message lists them.
    static let valid = modes + ["values=none", "values=marked", "args=\"…\""]

    /// The mode and the values shown that the attribute words ask for (`words` excludes the leading `swift`), or the
    /// problems found. `values=` goes with any mode that runs; a snippet that never runs has no values to quiet.
    static func read(from words: [CodeBlock.InfoWord], at location: (Int) -> SourceLocation) -> Result<Reading, DiagnosticError> {
        var problems: [Diagnostic] = []
        var chosen: (mode: Snippet.Mode, word: String)?
        var values: (display: Snippet.ValueDisplay, word: CodeBlock.InfoWord)?
        var arguments: (list: [String], word: CodeBlock.InfoWord)?
        for word in words {
            let name = word.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let value = word.text.contains("=") ? String(word.text.drop { $0 != "=" }.dropFirst()) : nil
            let mode: Snippet.Mode
            switch (name, value) {
            case ("hidden", nil): mode = .hidden
            case ("isolated", nil): mode = .isolated
            case ("no-run", nil): mode = .noRun
            case ("ignore", nil): mode = .ignore
            case ("crash", nil): mode = .crash
            case ("compile-fail", nil): mode = .compileFail(message: nil)
            case ("compile-fail", let text?):
                if text.isEmpty {
                    problems.append(.compileFailEmpty(at: location(word.column)))
                    continue
                }
                mode = .compileFail(message: text)
            case ("values", let text):
                guard let text, let display = Snippet.ValueDisplay(rawValue: text), display != .all else {
                    problems.append(.invalidValues(at: location(word.column)))
                    continue
                }
                if let previous = values {
                    problems.append(.valuesConflict(word.text, with: previous.word.text, at: location(word.column)))
                } else {
                    values = (display, word)
                }
                continue
            case ("args", let text):
                guard let text, let list = Self.arguments(text) else {
                    problems.append(.argumentsUnquoted(at: location(word.column)))
                    continue
                }
                if arguments != nil {
                    problems.append(.argumentsTwice(at: location(word.column)))
                } else {
                    arguments = (list, word)
                }
                continue
            case ("hidden", _?), ("isolated", _?), ("no-run", _?), ("ignore", _?), ("crash", _?):
                problems.append(.attributeTakesNoValue(name, at: location(word.column)))
                continue
            default:
                var notes = ["valid attributes: " + valid.joined(separator: ", ")]
                if let suggestion = YAMLMapping.nearest(to: name, in: ["hidden", "isolated", "no-run", "ignore", "compile-fail", "crash", "values", "args"]) {
                    notes.insert("did you mean '\(suggestion)'?", at: 0)
                }
                problems.append(.unknownAttribute(word.text, notes: notes, at: location(word.column)))
                continue
            }
            if let previous = chosen {
                problems.append(.modeConflict(name, with: previous.word, modes: modes, at: location(word.column)))
            } else {
                chosen = (mode, name)
            }
        }
        let mode = chosen?.mode ?? .shared
        if let values, !mode.runs {
            problems.append(.valuesNeverRun(values.word.text, mode, at: location(values.word.column)))
        }
        if let arguments, mode != .shared {
            problems.append(.argumentsNotShared(mode, at: location(arguments.word.column)))
        }
        if !problems.isEmpty { return .failure(DiagnosticError(problems)) }
        return .success(Reading(mode: mode, values: values?.display ?? .all, arguments: arguments?.list,
                                argumentsColumn: arguments?.word.column))
    }

    /// The arguments in `text`, split at spaces; single quotes keep spaces (and double quotes, written `\"` in
    /// the info string) in one argument. Nil for a quote never closed.
    static func arguments(_ text: String) -> [String]? {
        var list: [String] = []
        var current: String?
        var quoted = false
        for character in text {
            if character == "'" {
                quoted.toggle()
                current = current ?? ""
            } else if character == " " || character == "\t", !quoted {
                if let argument = current { list.append(argument) }
                current = nil
            } else {
                current = (current ?? "") + String(character)
            }
        }
        if quoted { return nil }
        if let argument = current { list.append(argument) }
        return list
    }
}
