import DocentCore
import DocentMarkdown

/// Reads the words after `swift` in a code fence's info string (`hidden`, `compile-fail="text"`…) into a
/// ``Snippet/Mode``, reporting an unknown or conflicting word at its column in the fence line
/// (the words and their columns are ``CodeBlock/infoWords``).
struct SnippetAttributes {
    /// The attributes an author may write, as the error message lists them.
    static let valid = ["hidden", "isolated", "no-run", "ignore", "compile-fail", "compile-fail=\"text\"", "crash"]

    /// The mode the attribute words ask for (`words` excludes the leading `swift`), or the problems found.
    static func mode(from words: [CodeBlock.InfoWord], at location: (Int) -> SourceLocation) -> Result<Snippet.Mode, DiagnosticError> {
        var problems: [Diagnostic] = []
        var chosen: (mode: Snippet.Mode, word: String)?
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
            case ("hidden", _?), ("isolated", _?), ("no-run", _?), ("ignore", _?), ("crash", _?):
                problems.append(.error(at: location(word.column), "snippet attribute '\(name)' takes no value",
                                       notes: ["write just '\(name)'"]))
                continue
            default:
                var notes = ["valid attributes: " + valid.joined(separator: ", ")]
                if let suggestion = YAMLMapping.nearest(to: name, in: ["hidden", "isolated", "no-run", "ignore", "compile-fail", "crash"]) {
                    notes.insert("did you mean '\(suggestion)'?", at: 0)
                }
                problems.append(.error(at: location(word.column), "unknown snippet attribute '\(word.text)'", notes: notes))
                continue
            }
            if let previous = chosen {
                problems.append(.error(at: location(word.column),
                                       "snippet attribute '\(name)' conflicts with '\(previous.word)'",
                                       notes: ["a snippet takes at most one of: " + valid.joined(separator: ", ")]))
            } else {
                chosen = (mode, name)
            }
        }
        if !problems.isEmpty { return .failure(DiagnosticError(problems)) }
        return .success(chosen?.mode ?? .shared)
    }
}
