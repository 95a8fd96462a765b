import DocentCore
import Foundation

/// When a build checked the examples, and with which Swift: what every verification badge says.
public struct CheckFacts: Sendable, Hashable {
    /// The Swift version (`6.2.1`), when a compiler ran or was consulted.
    public var swiftVersion: String?
    /// The day of the build, in UTC.
    public var date: ArticleDate

    public init(swiftVersion: String?, date: ArticleDate) {
        self.swiftVersion = swiftVersion
        self.date = date
    }

    public init(swiftVersion: String?, at instant: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        self.init(swiftVersion: swiftVersion, date: ArticleDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
                  ?? ArticleDate(year: 1970, month: 1, day: 1)!)
    }

    /// `6.2.1` from `swiftc --version`'s "Swift version 6.2.1 (swift-6.2.1-RELEASE)", or `nil`.
    public static func swiftVersion(fromCompilerVersion text: String) -> String? {
        guard let range = text.range(of: "Swift version ") else { return nil }
        let version = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return version.isEmpty ? nil : String(version)
    }
}
