import DocentCore

/// Reads the words after `swift` in a code fence's info string (`hidden`, `compile-fail="text"`…) into a
/// ``Snippet/Mode``, reporting an unknown or conflicting word at its column in the fence line.
struct SnippetAttributes {
    /// The attributes an author may write, as the error message lists them.
    static let valid = ["hidden", "isolated", "no-run", "ignore", "compile-fail", "compile-fail=\"text\"", "crash"]

    /// One word of the info string and the 1-based UTF-8 column it starts at in the fence line.
    struct Word: Equatable {
        var text: String
        var column: Int
    }

    /// The info string's words, read from the fence line itself so columns are exact; a double-quoted
    /// part (`compile-fail="no such member"`) belongs to its word, with `\"` and `\\` escapes.
    /// When a quote is never closed, `unclosedQuote` is its column and `words` holds the words before it.
    static func words(inFenceLine line: Substring) -> (words: [Word], unclosedQuote: Int?) {
        let bytes = Array(line.utf8)
        var index = 0
        // Skip container markers and indentation up to the fence, then the fence itself.
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "~") { index += 1 }
        if index < bytes.count {
            let fence = bytes[index]
            while index < bytes.count, bytes[index] == fence { index += 1 }
        }
        var words: [Word] = []
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") {
                index += 1
                continue
            }
            let start = index
            var text: [UInt8] = []
            var quoteStart: Int?
            while index < bytes.count {
                let byte = bytes[index]
                if quoteStart != nil {
                    if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        text.append(bytes[index + 1])
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") {
                        quoteStart = nil
                    } else {
                        text.append(byte)
                    }
                } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                    break
                } else if byte == UInt8(ascii: "\"") {
                    quoteStart = index
                } else {
                    text.append(byte)
                }
                index += 1
            }
            if let open = quoteStart { return (words, open + 1) }
            words.append(Word(text: String(decoding: text, as: UTF8.self), column: start + 1))
        }
        return (words, nil)
    }

    /// The mode the attribute words ask for (`words` excludes the leading `swift`), or the problems found.
    static func mode(from words: [Word], at location: (Int) -> SourceLocation) -> Result<Snippet.Mode, DiagnosticError> {
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
