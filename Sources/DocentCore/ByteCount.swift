/// Sizes as settings write them: a number of bytes, or a whole number of `KiB`, `MiB` or `GiB`.
public enum ByteCount {
    private static let units: [(name: String, scale: Int)] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]

    /// `2 GiB` → 2147483648, `65536` → 65536; `nil` for anything else, an overflow included.
    public static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(parts.count), let number = Int(parts[0]), number >= 0 else { return nil }
        var scale = 1
        if parts.count == 2 {
            guard let unit = parts[1] == "B" ? 1 : units.first(where: { $0.name == parts[1] })?.scale else { return nil }
            scale = unit
        }
        let (product, overflow) = number.multipliedReportingOverflow(by: scale)
        return overflow ? nil : product
    }

    /// `2 GiB`, `64 MiB`, or a number of bytes (`100 bytes`).
    public static func text(_ bytes: Int) -> String {
        for (unit, scale) in units where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
