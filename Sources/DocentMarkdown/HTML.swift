import Foundation

/// Escaping for text placed in HTML, for everything that came from running code or from the author's code.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in quoted attributes.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Undoes ``escape(_:)`` and the other common named and numeric references in an attribute value
    /// (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&#x27;`); anything else is kept as written.
    public static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
