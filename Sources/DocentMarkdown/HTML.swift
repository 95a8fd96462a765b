import Foundation

/// Escaping for text placed in HTML, for everything that came from running code or from the author's code.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in quoted attributes.
    public static func escape(_ text: String) -> String {
        // Works on UTF-8 bytes: the five characters are ASCII, and every other byte is copied as it is.
        var needsEscaping = false
        for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 {
            needsEscaping = true
            break
        }
        guard needsEscaping else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for byte in text.utf8 {
            switch byte {
            case 0x26: escaped += Array("&amp;".utf8)
            case 0x3C: escaped += Array("&lt;".utf8)
            case 0x3E: escaped += Array("&gt;".utf8)
            case 0x22: escaped += Array("&quot;".utf8)
            case 0x27: escaped += Array("&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
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
