import DocentCore
import Foundation

/// When a build checked the examples, and with which Swift: what every verification badge says.
public struct CheckStamp: Sendable, Hashable {
    /// The Swift version (`6.2.1`), when a compiler ran or was consulted.
    public var swiftVersion: String?
    /// The system the examples were compiled for and ran on (`Linux`), when the compiler said.
    public var platform: String?
    /// The day of the build, in UTC.
    public var date: ArticleDate

    public init(swiftVersion: String?, platform: String? = nil, date: ArticleDate) {
        self.swiftVersion = swiftVersion
        self.platform = platform
        self.date = date
    }

    /// The stamp of a compiler's `swiftc --version` text (or none), on the UTC day of `instant`.
    public init(compilerVersion text: String?, at instant: Date) {
        self.init(swiftVersion: text.flatMap(Self.swiftVersion(fromCompilerVersion:)), platform: text.flatMap(Self.platform(fromCompilerVersion:)),
                  at: instant)
    }

    public init(swiftVersion: String?, platform: String? = nil, at instant: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        self.init(swiftVersion: swiftVersion, platform: platform, date: ArticleDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
                  ?? ArticleDate(year: 1970, month: 1, day: 1)!)
    }

    /// `6.2.1` from `swiftc --version`'s "Swift version 6.2.1 (swift-6.2.1-RELEASE)", or `nil`.
    public static func swiftVersion(fromCompilerVersion text: String) -> String? {
        guard let range = text.range(of: "Swift version ") else { return nil }
        let version = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return version.isEmpty ? nil : String(version)
    }

    /// `Linux` from `swiftc --version`'s "Target: x86_64-unknown-linux-gnu" (`macOS`, `Windows`, … likewise), or `nil`.
    public static func platform(fromCompilerVersion text: String) -> String? {
        guard let range = text.range(of: "Target: ") else { return nil }
        let triple = text[range.upperBound...].prefix { !$0.isWhitespace }.lowercased()
        let systems = [("linux", "Linux"), ("macos", "macOS"), ("darwin", "macOS"), ("windows", "Windows"), ("freebsd", "FreeBSD"),
                       ("openbsd", "OpenBSD"), ("android", "Android"), ("wasi", "WebAssembly")]
        return systems.first { triple.contains($0.0) }?.1
    }
}
