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
                    problems.append(.error(at: location(word.column), "'compile-fail=' needs the text the error must contain",
                                           notes: ["write compile-fail=\"cannot find 'x' in scope\", or just compile-fail"]))
                    continue
                }
                mode = .compileFail(message: text)
            case ("values", let text):
                guard let text, let display = Snippet.ValueDisplay(rawValue: text), display != .all else {
                    problems.append(.error(at: location(word.column), "snippet attribute 'values' takes 'none' or 'marked'",
                                           notes: ["write values=none to show no values, or values=marked to show only those of lines with a `// =>` comment"]))
                    continue
                }
                if let previous = values {
                    problems.append(.error(at: location(word.column),
                                           "snippet attribute '\(word.text)' conflicts with '\(previous.word.text)'"))
                } else {
                    values = (display, word)
                }
                continue
            case ("args", let text):
                guard let text, let list = Self.arguments(text) else {
                    problems.append(.error(at: location(word.column), "snippet attribute 'args' takes the arguments in quotes",
                                           notes: ["write args=\"--count 3 hello\"; single quotes keep spaces in one argument: args=\"--name 'A B'\""]))
                    continue
                }
                if arguments != nil {
                    problems.append(.error(at: location(word.column), "snippet attribute 'args' is given twice"))
                } else {
                    arguments = (list, word)
                }
                continue
            case ("hidden", _?), ("isolated", _?), ("no-run", _?), ("ignore", _?), ("crash", _?):
                problems.append(.error(at: location(word.column), "snippet attribute '\(name)' takes no value",
                                       notes: ["write just '\(name)'"]))
                continue
            default:
                var notes = ["valid attributes: " + valid.joined(separator: ", ")]
                if let suggestion = YAMLMapping.nearest(to: name, in: ["hidden", "isolated", "no-run", "ignore", "compile-fail", "crash", "values", "args"]) {
                    notes.insert("did you mean '\(suggestion)'?", at: 0)
                }
                problems.append(.error(at: location(word.column), "unknown snippet attribute '\(word.text)'", notes: notes))
                continue
            }
            if let previous = chosen {
                problems.append(.error(at: location(word.column),
                                       "snippet attribute '\(name)' conflicts with '\(previous.word)'",
                                       notes: ["a snippet takes at most one of: " + modes.joined(separator: ", ")]))
            } else {
                chosen = (mode, name)
            }
        }
        let mode = chosen?.mode ?? .shared
        if let values, !mode.runs {
            problems.append(.error(at: location(values.word.column),
                                   "'\(values.word.text)' has nothing to quiet: a `\(mode.attribute)` snippet never runs, so it shows no values",
                                   notes: ["remove '\(values.word.text)'"]))
        }
        if let arguments, mode != .shared {
            problems.append(.error(at: location(arguments.word.column),
                                   "'args=' runs a `@main` block with arguments; a `\(mode.attribute)` snippet takes none",
                                   notes: ["remove '\(mode.attribute)' or the arguments"]))
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
