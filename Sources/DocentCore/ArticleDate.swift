import Foundation

/// The publication date of an article: a calendar day, shown the same in every time zone.
public struct ArticleDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init?(year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard calendar.date(from: components) != nil, components.isValidDate(in: calendar) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, optionally followed by a time (`T…` or ` …`), which is ignored.
    public init?(parsing text: String) {
        let day = text.prefix(10)
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard day.count == 10, parts.count == 3,
              parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let dayNumber = Int(parts[2])
        else { return nil }
        let rest = text.dropFirst(10)
        guard rest.isEmpty || rest.first == "T" || rest.first == " " else { return nil }
        self.init(year: year, month: month, day: dayNumber)
    }

    /// `2026-11-22`, as in a `<time datetime>` attribute.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    /// `November 22, 2026`.
    public var longForm: String {
        "\(Self.monthNames[month - 1]) \(day), \(year)"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
