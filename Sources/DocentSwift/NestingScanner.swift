/// Finds the first bracket that nests deeper than ``AnalysisLimits`` allows, reading Swift's bytes once without
/// parsing them: comments are skipped and string literals are text, except their interpolations (`\(…)`),
/// which are code again and count as one level themselves.
///
/// ```swift
/// NestingScanner(Array("let x = [[1]]".utf8), limits: .standard).firstExcess()   // nil
/// ```
///
/// It is a guard in front of swift-syntax, not a parser: regex literals are read as code, and a closing bracket
/// that does not match the innermost open one is ignored.
struct NestingScanner {
    /// A string literal being read: how many `#` delimit it and whether it is a `"""` literal.
    private struct StringLiteral {
        var pounds: Int
        var multiline: Bool
    }

    private static let interpolation = UInt8(ascii: "\\")

    private let bytes: [UInt8]
    private let limits: AnalysisLimits
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Open brackets, innermost last: `(`, `[`, `{`, or `\` for an interpolation.
    private var open: [UInt8] = []
    private var squareBrackets = 0
    /// Per interpolation entered, the string literal it is inside; the last one is being read unless the
    /// innermost open bracket is an interpolation's.
    private var strings: [StringLiteral] = []
    private var inString = false

    init(_ bytes: [UInt8], limits: AnalysisLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The refusal for the first bracket beyond a limit, or `nil` when there is none.
    mutating func firstExcess() -> AnalysisRefusal? {
        while index < bytes.count {
            let refusal = inString ? stepInString() : stepInCode()
            if let refusal { return refusal }
        }
        return nil
    }

    // MARK: - Code

    private mutating func stepInCode() -> AnalysisRefusal? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "#"):
            var end = index
            while end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                let pounds = end - index
                index = end
                enterString(pounds: pounds)
            } else {
                index = end
            }
        case UInt8(ascii: "\""):
            enterString(pounds: 0)
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            if let refusal = push(byte) { return refusal }
            index += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            close(byte)
            index += 1
        default:
            advance()
        }
        return nil
    }

    /// Opens a bracket at `index`, or refuses it.
    private mutating func push(_ bracket: UInt8) -> AnalysisRefusal? {
        open.append(bracket)
        if open.count > limits.maximumDepth { return .nestedTooDeep(limit: limits.maximumDepth, at: position) }
        if bracket == UInt8(ascii: "[") {
            squareBrackets += 1
            if squareBrackets > limits.maximumSquareBracketDepth {
                return .squareBracketsTooDeep(limit: limits.maximumSquareBracketDepth, at: position)
            }
        }
        return nil
    }

    private mutating func close(_ bracket: UInt8) {
        guard let innermost = open.last else { return }
        switch (innermost, bracket) {
        case (UInt8(ascii: "("), UInt8(ascii: ")")), (UInt8(ascii: "{"), UInt8(ascii: "}")):
            open.removeLast()
        case (UInt8(ascii: "["), UInt8(ascii: "]")):
            open.removeLast()
            squareBrackets -= 1
        case (Self.interpolation, UInt8(ascii: ")")):
            open.removeLast()
            inString = true
        default:
            break
        }
    }

    /// `index` is at the opening quote, after any `#`.
    private mutating func enterString(pounds: Int) {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        strings.append(StringLiteral(pounds: pounds, multiline: multiline))
        inString = true
    }

    /// Block comments nest in Swift.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    // MARK: - Strings

    private mutating func stepInString() -> AnalysisRefusal? {
        guard let literal = strings.last else {
            inString = false
            return nil
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\"), hasPounds(literal.pounds, at: index + 1) {
            let next = index + 1 + literal.pounds
            if peek(next - index) == UInt8(ascii: "(") {
                index = next
                inString = false
                if let refusal = push(Self.interpolation) { return refusal }
                index += 1
            } else {
                // An escape: the character after it is not a closing quote. A line break stays for `advance`.
                index = next < bytes.count && bytes[next] != UInt8(ascii: "\n") ? next + 1 : next
            }
            return nil
        }
        if byte == UInt8(ascii: "\"") {
            let quotes = literal.multiline ? 3 : 1
            if (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }), hasPounds(literal.pounds, at: index + quotes) {
                index += quotes + literal.pounds
                leaveString()
            } else {
                index += 1
            }
            return nil
        }
        if byte == UInt8(ascii: "\n"), !literal.multiline {
            // An unterminated string ends with its line, as the compiler reads it.
            leaveString()
        }
        advance()
        return nil
    }

    private mutating func leaveString() {
        strings.removeLast()
        // Back in the code around the literal: an interpolation's, or the top level.
        inString = false
    }

    // MARK: - Bytes

    private func peek(_ distance: Int) -> UInt8? {
        index + distance < bytes.count ? bytes[index + distance] : nil
    }

    private func hasPounds(_ count: Int, at start: Int) -> Bool {
        guard start + count <= bytes.count else { return false }
        return bytes[start..<(start + count)].allSatisfy { $0 == UInt8(ascii: "#") }
    }

    /// Moves past one byte, counting lines.
    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private var position: Position {
        Position(line: line, column: index - lineStart + 1, offset: index)
    }
}
