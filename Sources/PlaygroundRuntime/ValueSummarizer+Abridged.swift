import Foundation

/// The summary of a value whose whole text is a reflection dump: a type's stored properties as `Mirror` lists
/// them, or a Foundation description that is one (`Calendar`'s). The summary keeps the type's name and its
/// meaningful fields; the whole dump stays in `full`. Nothing else is abridged, and no value's own description is
/// rewritten beyond this.
///
/// - A type without a description of its own: `Name(field: value, …)` without the stored properties whose names
///   start with `_` (private storage); when such a property holds a type of its own, its fields that are set stand
///   for it (`Date.FormatStyle`'s `_symbols` gives `year: defaultDigits, month: abbreviated, …`), and so do the
///   fields of the one property of a type that only wraps another. A field that is itself a dump is shown whole
///   when short (`presentation: Presentation(option: named)`), else by its type's name (`calendar: Calendar`).
/// - `Calendar`: its identifier, locale (when it has one) and time zone. `Locale`: its identifier.
///   `DateComponents` with a calendar (which its description dumps): the components that are set.
/// - `CharacterSet`: how many scalars it holds and the first of them, counted from its bitmap — or, when it holds
///   most of Unicode, how many it leaves out and the first of those (so a set and its `inverted` differ).
/// - Foundation's option sets the pages use (`JSONEncoder.OutputFormatting`, `ISO8601DateFormatter.Options`,
///   `NSString.CompareOptions`): as written in Swift, `[.sortedKeys]`, when its own members make up the value
///   exactly; otherwise as any other type.
extension ValueSummarizer {
    /// A field that is itself a dump is shown whole up to this many bytes.
    static let shortFieldLimit = 40

    /// Appends the summary of `value` if it is a dump; returns whether it did.
    func appendAbridged(_ value: Any, mirror: Mirror, into text: inout BoundedText, depth: Int) -> Bool {
        let summary: String
        switch value {
        case let calendar as Calendar:
            summary = Self.summary(of: calendar)
        case let locale as Locale:
            guard !locale.identifier.isEmpty else { return false }
            summary = locale.identifier
        case let set as CharacterSet:
            summary = CharacterSetSummary(set).text
        case let components as DateComponents where components.calendar != nil:
            appendFields(of: components, mirror: mirror, into: &text, depth: depth) { label in
                // Its mirror holds these two as their descriptions.
                switch label {
                case "calendar": components.calendar.map { Self.typeName(of: $0) }
                case "timeZone": components.timeZone?.identifier
                default: nil
                }
            }
            return true
        default:
            if let options = Self.optionNames(value) {
                summary = options
            } else if mirror.displayStyle == .struct, !Self.hasOwnDescription(value) {
                appendFields(of: value, mirror: mirror, into: &text, depth: depth)
                return true
            } else {
                return false
            }
        }
        text.markAbridged()
        text.append(summary)
        return true
    }

    /// `Name(field: value, …)` with the meaningful fields.
    private func appendFields(of value: Any, mirror: Mirror, into text: inout BoundedText, depth: Int,
                              shownAs known: (String) -> String? = { _ in nil }) {
        var abridged = false
        let fields = Self.meaningfulFields(of: mirror, abridged: &abridged)
        if abridged { text.markAbridged() }
        text.append(Self.typeName(of: value))
        text.append("(")
        let shown = BoundedText.appendList(fields.prefix(Self.elementLimit), into: &text) { field, text in
            text.append(field.label)
            text.append(": ")
            if let shown = known(field.label) {
                text.markAbridged()
                return text.append(shown)
            }
            let shownValue = Self.displayed(field.value)
            if Self.isDump(shownValue) {
                // Whole when short (`Presentation(option: named)`), else its type's name.
                var short = BoundedText(limit: Self.shortFieldLimit)
                render(shownValue, into: &short, depth: depth + 1, nested: true, brief: true)
                if short.isCut || short.isIncomplete {
                    text.markAbridged()
                    text.append(Self.typeName(of: shownValue))
                } else {
                    if short.isAbridged { text.markAbridged() }
                    text.append(short.text)
                }
            } else {
                render(shownValue, into: &text, depth: depth + 1, nested: true, brief: true)
            }
        }
        if shown != nil, fields.count > Self.elementLimit {
            text.markIncomplete()
            text.append(", …")
        }
        text.append(")")
    }

    /// The fields a summary shows: labelled children not starting with `_`, and in their place the set fields of
    /// a `_` child that is a type of its own (its `Optional`s unwrapped); `abridged` is set when anything differs
    /// from the whole.
    static func meaningfulFields(of mirror: Mirror, abridged: inout Bool) -> [(label: String, value: Any)] {
        var fields: [(label: String, value: Any)] = []
        let only = mirror.children.count == 1 ? mirror.children.first : nil
        for child in mirror.children {
            let label = child.label ?? ""
            // A type that wraps one other type (`ISO8601FormatStyle(componentsFormatStyle: …)`) is shown by its fields.
            let wraps = only != nil && label != "rawValue" && unwrapped(child.value).map(isDump) == true
            guard label.hasPrefix("_") || wraps else {
                fields.append((label, child.value))
                continue
            }
            abridged = true
            guard let stored = unwrapped(child.value), isDump(stored), !(stored is Calendar) else { continue }
            let inner = Mirror(reflecting: stored)
            // A wrapped raw value (`DateStyle(rawValue: 2)`) names nothing a reader can use.
            if inner.children.count == 1, inner.children.first?.label == "rawValue" { continue }
            for field in meaningfulFields(of: inner, abridged: &abridged) {
                guard let set = unwrapped(field.value) else { continue }
                fields.append((field.label, set))
            }
        }
        return fields
    }

    /// What an optional holds, however deeply; nil when nothing.
    static func unwrapped(_ value: Any) -> Any? {
        var value = value
        while let optional = value as? OptionalValue {
            guard let wrapped = optional.wrappedValue else { return nil }
            value = wrapped
        }
        return value
    }

    /// Whether `value`'s whole text is a reflection dump: a struct shown by its stored properties, or a Foundation
    /// value whose description is one.
    static func isDump(_ value: Any) -> Bool {
        if value is Calendar || value is DateComponents || value is CharacterSet { return true }
        guard optionNames(value) == nil, !(type(of: value) is SummaryLeaf.Type), !(value is OptionalValue),
              !(value is StandardCollection), !hasOwnDescription(value)
        else { return false }
        return Mirror(reflecting: value).displayStyle == .struct
    }

    /// `Calendar(identifier: gregorian, locale: en_US, timeZone: America/New_York)`, without a locale when it has
    /// none.
    static func summary(of calendar: Calendar) -> String {
        var fields = ["identifier: \(calendar.identifier)"]
        if let locale = calendar.locale, !locale.identifier.isEmpty { fields.append("locale: \(locale.identifier)") }
        fields.append("timeZone: \(calendar.timeZone.identifier)")
        return "Calendar(" + fields.joined(separator: ", ") + ")"
    }

    /// `[.a, .b]` when `value` is one of the known option sets and its named members make it up exactly.
    static func optionNames(_ value: Any) -> String? {
        switch value {
        case let options as JSONEncoder.OutputFormatting:
            return names(of: options, [(.prettyPrinted, "prettyPrinted"), (.sortedKeys, "sortedKeys"),
                                       (.withoutEscapingSlashes, "withoutEscapingSlashes")])
        case let options as ISO8601DateFormatter.Options:
            return names(of: options, [
                (.withInternetDateTime, "withInternetDateTime"), (.withFullDate, "withFullDate"),
                (.withFullTime, "withFullTime"), (.withYear, "withYear"), (.withMonth, "withMonth"),
                (.withWeekOfYear, "withWeekOfYear"), (.withDay, "withDay"), (.withTime, "withTime"),
                (.withTimeZone, "withTimeZone"), (.withSpaceBetweenDateAndTime, "withSpaceBetweenDateAndTime"),
                (.withDashSeparatorInDate, "withDashSeparatorInDate"),
                (.withColonSeparatorInTime, "withColonSeparatorInTime"),
                (.withColonSeparatorInTimeZone, "withColonSeparatorInTimeZone"),
                (.withFractionalSeconds, "withFractionalSeconds"),
            ])
        case let options as NSString.CompareOptions:
            return names(of: options, [
                (.caseInsensitive, "caseInsensitive"), (.literal, "literal"), (.backwards, "backwards"),
                (.anchored, "anchored"), (.numeric, "numeric"), (.diacriticInsensitive, "diacriticInsensitive"),
                (.widthInsensitive, "widthInsensitive"), (.forcedOrdering, "forcedOrdering"),
                (.regularExpression, "regularExpression"),
            ])
        default:
            return nil
        }
    }

    /// The members of `options` by name, the larger ones first; nil if some of its bits have no name here.
    static func names<Options: OptionSet>(of options: Options, _ members: [(Options, String)]) -> String?
    where Options.Element == Options {
        var rest = options
        var shown: [String] = []
        for (member, name) in members where !member.isEmpty && rest.isSuperset(of: member) {
            shown.append("." + name)
            rest.subtract(member)
        }
        return rest.isEmpty ? "[" + shown.joined(separator: ", ") + "]" : nil
    }
}
