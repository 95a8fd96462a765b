import DocentMarkdown

/// Text for the XML files docent writes (feed.xml, sitemap.xml): escaped as in HTML, and without the characters
/// XML 1.0 cannot hold at all — a control character in a title would otherwise make the whole feed ill-formed.
///
/// ```swift
/// XMLText.escape("A \u{7}bell & <tag>")   // "A \u{FFFD}bell &amp; &lt;tag&gt;"
/// ```
enum XMLText {
    /// ``HTML/escape(_:)``, after replacing each character XML 1.0 forbids (C0 controls other than tab, line feed
    /// and carriage return; U+FFFE; U+FFFF) with U+FFFD, as the JUnit report does.
    static func escape(_ text: String) -> String {
        HTML.escape(legal(text))
    }

    /// `text` with every character XML 1.0 forbids replaced by U+FFFD.
    static func legal(_ text: String) -> String {
        // Every forbidden character starts with a C0 byte or 0xEF (U+FFFE and U+FFFF are EF BF BE and EF BF BF): text
        // with neither is returned after one pass over its bytes.
        var bytes = text
        guard bytes.withUTF8({ $0.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0xEF } }),
              text.unicodeScalars.contains(where: isForbidden) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }
}
