import Foundation

/// How one execution setting's text is read and checked, and how its allowed values are described.
///
/// ```swift
/// let rule = ExecutionSettingRule<Double>.seconds(1...3600)
/// rule.read("0", "time-limit", "10") // .failure: "'time-limit' must be a number of seconds from 1 to 3600, not '0'"
/// ```
public struct ExecutionSettingRule<Value: ExecutionSettingValue>: Sendable {
    /// What values are counted in (`seconds`, `bytes`); `nil` when they are not amounts.
    public let unit: String?
    /// The values allowed, in words.
    public let allowed: String
    /// Reads `text`, the value of `key`; `example` is the value to suggest when it is wrong (the default as written).
    public let read: @Sendable (_ text: String, _ key: String, _ example: String?) -> Result<Value, ExecutionSettingProblem>
    /// For a setting written as a YAML list, how one item is checked (each is reported at its own line); `nil` for a
    /// setting that takes one value. The value is then the list of items, read with `read` only as a single item.
    public let readItem: (@Sendable (_ text: String, _ key: String) -> Result<String, ExecutionSettingProblem>)?

    public init(unit: String?, allowed: String,
                readItem: (@Sendable (_ text: String, _ key: String) -> Result<String, ExecutionSettingProblem>)? = nil,
                read: @escaping @Sendable (_ text: String, _ key: String, _ example: String?) -> Result<Value, ExecutionSettingProblem>) {
        self.unit = unit
        self.allowed = allowed
        self.readItem = readItem
        self.read = read
    }
}

/// Why a setting's value was refused: a message and notes, reported at the value's line and column.
public struct ExecutionSettingProblem: Error, Sendable, Hashable {
    public var message: String
    public var notes: [String]

    public init(_ message: String, notes: [String] = []) {
        self.message = message
        self.notes = notes
    }
}

extension ExecutionSettingRule where Value == String {
    /// An IANA time zone name known to Foundation.
    public static var timeZone: Self {
        Self(unit: nil, allowed: "an IANA time zone name (`America/New_York`)") { text, _, _ in
            TimeZone(identifier: text) == nil
                ? .failure(ExecutionSettingProblem("unknown time zone '\(text)'",
                                                   notes: ["use an IANA name such as America/New_York, Europe/Paris or UTC"]))
                : .success(text)
        }
    }

    /// A locale identifier known to Foundation (`en-US` is read as `en_US`), or `en_US_POSIX`.
    public static var locale: Self {
        Self(unit: nil, allowed: "a locale identifier (`fr_FR`)") { text, _, _ in
            let canonical = text.replacingOccurrences(of: "-", with: "_")
            return canonical == "en_US_POSIX" || Locale.availableIdentifiers.contains(canonical)
                ? .success(text)
                : .failure(ExecutionSettingProblem("unknown locale '\(text)'",
                                                   notes: ["use an identifier such as en_US, fr_FR or en_US_POSIX"]))
        }
    }
}

extension ExecutionSettingRule where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the words of `Value`'s cases, read as that case.
    public static var choice: Self {
        let words = Value.allCases.map(\.rawValue)
        let listed = words.map { "`\($0)`" }.joined(separator: " or ")
        return Self(unit: nil, allowed: listed) { text, key, _ in
            Value(rawValue: text).map { .success($0) }
                ?? .failure(ExecutionSettingProblem("'\(key)' must be \(listed), not '\(text)'"))
        }
    }
}

extension ExecutionSettingRule where Value == Date? {
    /// An ISO 8601 date and time with an offset (`2015-01-28T23:29:00-05:00`, `…Z`, fractional seconds allowed).
    public static var instant: Self {
        let example = "2015-01-28T23:29:00-05:00"
        return Self(unit: nil, allowed: "ISO 8601 date and time with an offset (`\(example)`)") { text, key, _ in
            if let date = Self.timestamp(text) { return .success(date) }
            return .failure(ExecutionSettingProblem("'\(key)' must be an ISO 8601 date and time with an offset, not '\(text)'",
                                                    notes: ["for example `\(key): \(example)`"]))
        }
    }

    /// `2015-01-28T23:29:00-05:00`, `2015-01-28 23:29:00Z`, with optional fractional seconds; an offset is required.
    static func timestamp(_ text: String) -> Date? {
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

extension ExecutionSettingRule where Value == [String]? {
    /// A list of module names (`[Algorithms, Foundation]`), each a Swift identifier; a single name is a list of one.
    public static var moduleNames: Self {
        let item: @Sendable (String, String) -> Result<String, ExecutionSettingProblem> = { text, key in
            isIdentifier(text)
                ? .success(text)
                : .failure(ExecutionSettingProblem("every item of '\(key)' must be a module name (a Swift identifier), not '\(text)'",
                                                   notes: ["for example `\(key): [Foundation]`"]))
        }
        return Self(unit: nil, allowed: "a list of module names (`[Algorithms, Foundation]`)", readItem: item) { text, key, _ in
            item(text, key).map { [$0] }
        }
    }

    /// Whether `text` is an identifier as Swift reads one: a letter or `_`, then letters, digits or `_` (Unicode's
    /// XID classes), without backticks. Nothing else can reach a program's `import` line.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }
}

extension ExecutionSettingRule where Value == Int {
    /// A whole number among `choices`.
    public static func oneOf(_ choices: [Int]) -> Self {
        let words = choices.map(String.init)
        let listed = words.count < 2 ? words.joined()
            : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
        return Self(unit: nil, allowed: listed) { text, key, _ in
            guard let number = Int(text) else {
                return .failure(ExecutionSettingProblem("'\(key)' must be a whole number, not '\(text)'"))
            }
            return choices.contains(number) ? .success(number)
                : .failure(ExecutionSettingProblem("'\(key)' must be \(listed), not \(number)"))
        }
    }

    /// A number of bytes within `range`, written `65536`, `64 KiB`, `512 MiB` or `2 GiB`.
    public static func bytes(_ range: ClosedRange<Int>) -> Self {
        let span = "\(ByteCount.text(range.lowerBound)) to \(ByteCount.text(range.upperBound))"
        return Self(unit: "bytes", allowed: span + "; a number of bytes or `KiB`, `MiB`, `GiB`") { text, key, example in
            if let value = ByteCount.parse(text), range.contains(value) { return .success(value) }
            let suggestion = "`\(key): \(example ?? ByteCount.text(range.lowerBound))`"
            return .failure(ExecutionSettingProblem("'\(key)' must be a size from \(span), not '\(text)'",
                                                    notes: ["for example \(suggestion) (a number of bytes, or KiB, MiB, GiB)"]))
        }
    }
}

extension ExecutionSettingRule where Value == Double {
    /// A number of seconds within `range`.
    public static func seconds(_ range: ClosedRange<Double>) -> Self {
        let span = "\(format(range.lowerBound)) to \(format(range.upperBound))"
        return Self(unit: "seconds", allowed: span) { text, key, example in
            if let value = Double(text), value.isFinite, range.contains(value) { return .success(value) }
            return .failure(ExecutionSettingProblem("'\(key)' must be a number of seconds from \(span), not '\(text)'",
                                                    notes: ["for example `\(key): \(example ?? format(range.lowerBound))`"]))
        }
    }

    /// `10`, `0.1`: whole seconds without a fraction.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
