import Foundation

/// Escaping for text placed in HTML, for everything that came from running code or from the author's code.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in quoted attributes, and shows
    /// NUL as `␀` (U+2400): a NUL cannot stand in an HTML page, and one passed on would cut the page short there.
    public static func escape(_ text: String) -> String {
        // Works on UTF-8 bytes: the characters it replaces are ASCII, and every other byte is copied as it is.
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.contains(where: { entity(escaping: $0) != nil }) else { return nil }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + bytes.count / 8)
            // Runs of bytes kept as they are are copied whole.
            var run = 0
            for index in bytes.indices {
                guard let entity = entity(escaping: bytes[index]) else { continue }
                escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                escaped.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                run = index + 1
            }
            escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
            return String(decoding: escaped, as: UTF8.self)
        } ?? text
    }

    /// The reference ``escape(_:)`` writes for `byte`, as UTF-8, or `nil` for a byte kept as it is.
    private static func entity(escaping byte: UInt8) -> StaticString? {
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
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
