/// Turns titles into URL-safe, lowercase, hyphenated names (`Dates & Times` → `dates-times`).
public enum Slug {
    /// The longest name, in UTF-8 bytes, docent makes a file or folder of (a page's slug, a tag's or a series' folder):
    /// file systems allow 255, and 15 are kept for the `-N` that tells apart two names that read alike.
    public static let maximumBytes = 240

    public static func make(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return makeASCII(text) }
        var slug = ""
        var pendingHyphen = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else if scalar == "-" || scalar == "_" || scalar.properties.isWhitespace || scalar == "." || scalar == "/" {
                pendingHyphen = true
            }
        }
        return slug
    }

    /// ``make(_:)`` for ASCII text, byte by byte: the same letters, digits and separators, without Unicode lookups.
    private static func makeASCII(_ text: String) -> String {
        var slug: [UInt8] = []
        var pendingHyphen = false
        for var byte in text.utf8 {
            if (0x41...0x5A).contains(byte) { byte += 0x20 } // A-Z
            if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
                if pendingHyphen && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                slug.append(byte)
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == 0x20 || (0x09...0x0D).contains(byte)
                        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") {
                pendingHyphen = true
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }

    /// A slug that is not yet in `used`, adding `-1`, `-2`… as needed; records the result in `used`.
    public static func unique(_ text: String, fallback: String, in used: inout Set<String>) -> String {
        let made = make(text)
        let base = made.isEmpty ? fallback : made
        var candidate = base
        var counter = 1
        while used.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }
}
