/// Turns titles into URL-safe, lowercase, hyphenated names (`Dates & Times` → `dates-times`).
public enum Slug {
    /// The longest name, in UTF-8 bytes, docent makes a file or folder of (a page's slug, a tag's or a series' folder):
    /// file systems allow 255, and 15 are kept for the `-N` that tells apart two names that read alike.
    public static let maximumBytes = 240

    public static func make(_ text: String) -> String {
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

    /// A slug that is not yet in `used`, adding `-1`, `-2`… as needed; records the result in `used`.
    public static func unique(_ text: String, fallback: String, in used: inout Set<String>) -> String {
        let base = make(text).isEmpty ? fallback : make(text)
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
