import Foundation

/// Escaping for text placed in HTML, for everything that came from running code or from the author's code.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in quoted attributes, and shows
    /// NUL as `␀` (U+2400): a NUL cannot stand in an HTML page, and one passed on would cut the page short there.
    public static func escape(_ text: String) -> String {
        // Works on UTF-8 bytes: the characters it replaces are ASCII, and every other byte is copied as it is.
        guard text.utf8.contains(where: { entity(escaping: $0) != nil }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for byte in text.utf8 {
            if let entity = entity(escaping: byte) { escaped.append(contentsOf: entity.utf8) } else { escaped.append(byte) }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The reference ``escape(_:)`` writes for `byte`, or `nil` for a byte kept as it is.
    private static func entity(escaping byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        case 0: "\u{2400}"
        default: nil
        }
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
