import DocentCore
import Foundation

extension YAMLMapping {
    /// The keys that set how code runs, shared by front matter and `site.yml`.
    static let executionKeys = ["timezone", "locale", "now", "swift-version"]

    /// Reads `timezone`, `locale`, `now` and `swift-version`, checking each value.
    mutating func executionOverrides() -> ExecutionOverrides {
        var overrides = ExecutionOverrides()
        if let zone = string("timezone") {
            if TimeZone(identifier: zone) == nil {
                fail("timezone", "unknown time zone '\(zone)'",
                     notes: ["use an IANA name such as America/New_York, Europe/Paris or UTC"])
            } else {
                overrides.timeZone = zone
            }
        }
        if let locale = string("locale") {
            if Self.isKnownLocale(locale) {
                overrides.locale = locale
            } else {
                fail("locale", "unknown locale '\(locale)'", notes: ["use an identifier such as en_US, fr_FR or en_US_POSIX"])
            }
        }
        if let now = string("now") {
            if let date = Self.parseTimestamp(now) {
                overrides.now = date
            } else {
                fail("now", "'now' must be an ISO 8601 date and time with an offset, not '\(now)'",
                     notes: ["for example `now: 2015-01-28T23:29:00-05:00`"])
            }
        }
        if let version = int("swift-version") {
            if version == 5 || version == 6 {
                overrides.swiftVersion = version
            } else {
                fail("swift-version", "'swift-version' must be 5 or 6, not \(version)")
            }
        }
        return overrides
    }

    static func isKnownLocale(_ identifier: String) -> Bool {
        let canonical = identifier.replacingOccurrences(of: "-", with: "_")
        return canonical == "en_US_POSIX" || Locale.availableIdentifiers.contains(canonical)
    }

    /// `2015-01-28T23:29:00-05:00`, `2015-01-28T23:29:00Z`, with optional fractional seconds; an offset is required.
    static func parseTimestamp(_ text: String) -> Date? {
        let normalized = text.replacingOccurrences(of: " ", with: "T")
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime],
                                                     [.withInternetDateTime, .withFractionalSeconds]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: normalized) { return date }
        }
        return nil
    }
}
