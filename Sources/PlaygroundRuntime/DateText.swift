import Foundation

/// How the results column writes a date: the locale's medium date and short time (`Feb 2, 2015 at 12:00 AM` in
/// `en_US`), with seconds when they are not zero (`12:00:01 AM`), and milliseconds when they are not zero
/// (`12:00:01.250 AM`; less than a millisecond is not shown). The locale's own patterns are used, so a date reads
/// as that locale writes it (`13 févr. 2015 à 19:00:01` in `fr_FR`), with ordinary spaces where the pattern has
/// narrow no-break ones (ICU's `h:mm\u{202F}a`), as the results column has always written them.
struct DateText {
    private let minutes: DateFormatter
    private let seconds: DateFormatter
    private let milliseconds: DateFormatter
    private let calendar: Calendar

    init(timeZone: TimeZone, locale: Locale) {
        func formatter(_ time: DateFormatter.Style) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateStyle = .medium
            formatter.timeStyle = time
            formatter.dateFormat = formatter.dateFormat.replacingOccurrences(of: "\u{202F}", with: " ")
            return formatter
        }
        minutes = formatter(.short)
        let withSeconds = formatter(.medium)
        seconds = withSeconds
        // The locale's pattern with seconds, its `ss` followed by the milliseconds.
        milliseconds = formatter(.medium)
        milliseconds.dateFormat = Self.pattern(withSeconds.dateFormat, fractionDigits: 3)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func text(_ date: Date) -> String {
        let millis = (date.timeIntervalSinceReferenceDate * 1_000).rounded()
        guard millis.isFinite, abs(millis) < 1e18 else { return seconds.string(from: date) }
        if Int64(millis) % 1_000 != 0 { return milliseconds.string(from: date) }
        return calendar.component(.second, from: date) == 0 ? minutes.string(from: date) : seconds.string(from: date)
    }

    /// `pattern` with `.` and `digits` × `S` after its seconds (`h:mm:ss a` → `h:mm:ss.SSS a`); quoted text is
    /// left alone. A pattern without seconds gets none.
    static func pattern(_ pattern: String, fractionDigits digits: Int) -> String {
        var result = ""
        var quoted = false
        var characters = pattern[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            result.append(character)
            if character == "'" { quoted.toggle() }
            if !quoted, character == "s", characters.first != "s" {
                result += "." + String(repeating: "S", count: digits)
            }
        }
        return result
    }
}
