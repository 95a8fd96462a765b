/// Writes any string as a double-quoted Swift string literal that reads back as exactly that string: the one writer
/// for the literals Docent puts in generated programs (`#sourceLocation` paths) and in articles (`// Prints "…"`).
///
/// ```swift
/// SwiftStringLiteral.quoted("say \"hi\"\n")   // "say \"hi\"\n", with the quotes and backslashes shown
/// ```
public enum SwiftStringLiteral {
    /// `text` between double quotes: `"` and `\` escaped, `\t`, `\n` and `\r` as themselves, every other control
    /// character (and DEL) as `\u{…}`; everything else, non-ASCII included, is written as it is.
    public static func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\t": literal += "\\t"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
