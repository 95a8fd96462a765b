import Foundation
import Testing
@testable import PlaygroundRuntime

/// A reflection dump is summarised beside its line, and kept whole in the detail view; a
/// `CustomPlaygroundDisplayConvertible` value is shown by its `playgroundDescription`.
@Suite struct AbridgedSummaryTests {
    let summarizer = ValueSummarizer(timeZone: "America/New_York", locale: "en_US")

    struct Point { var x: Int; var y: Int }
    struct Storage { var first: Int?; var second: Int?; var third: String? }
    struct Style { var _storage: Storage; var _kind: Kind; var name: String; var origin: Point; var wide: Storage }
    struct Wrapper { var inner: Storage }
    struct Kind { var rawValue: Int }
    struct Temperature: CustomPlaygroundDisplayConvertible {
        var kelvin: Double
        var playgroundDescription: Any { "\(kelvin - 273.15) °C" }
    }
    struct Reading { var label: String; var temperature: Temperature }
    struct Loop: CustomPlaygroundDisplayConvertible { var playgroundDescription: Any { Loop() } }

    @Test func playgroundDescriptionIsWhatIsShown() {
        let top = summarizer.summarize(Temperature(kelvin: 300))
        #expect(top.text == #""26.850000000000023 °C""#)
        #expect(top.full == top.text)
        let nested = summarizer.summarize([Reading(label: "in", temperature: Temperature(kelvin: 273.15))])
        #expect(nested.full == #"[Reading(label: "in", temperature: "0.0 °C")]"#)
        #expect(summarizer.summarize([Temperature(kelvin: 273.15)]).text == #"["0.0 °C"]"#)
        #expect(summarizer.summarize(Loop()).text == "Loop()", "a description that is itself stops")
        let date = Date(timeIntervalSince1970: 1_423_872_000)
        #expect(summarizer.summarize(Optional(date)).text == "Feb 13, 2015 at 7:00 PM",
                "an optional date is the date as the results column writes it, not Foundation's playground text")
        #expect(summarizer.summarize([Optional(date)]).text == "[Optional(Feb 13, 2015 at 7:00 PM)]")
        #expect(summarizer.summarize(Optional(Temperature(kelvin: 273.15))).text == #""0.0 °C""#)
    }

    @Test func aTypesOwnFieldsAreKeptWhenNothingIsADump() {
        let summary = summarizer.summarize(Point(x: 1, y: 2))
        #expect(summary.text == "Point(x: 1, y: 2)")
        #expect(summary.full == summary.text)
    }

    @Test func privateStorageStandsForTheValueAndNestedDumpsShowTheirType() {
        let storage = Storage(first: 1, second: nil, third: "t")
        let style = Style(_storage: storage, _kind: Kind(rawValue: 2), name: "n", origin: Point(x: 0, y: 0),
                          wide: storage)
        let summary = summarizer.summarize(style)
        #expect(summary.text == #"Style(first: 1, third: "t", name: "n", origin: Point(x: 0, y: 0), wide: Storage)"#,
                "a short nested dump is whole, a long one its type's name")
        #expect(summary.full == #"Style(_storage: Storage(first: Optional(1), second: nil, third: Optional("t")), "#
                + #"_kind: Kind(rawValue: 2), name: "n", origin: Point(x: 0, y: 0), "#
                + #"wide: Storage(first: Optional(1), second: nil, third: Optional("t")))"#)
        #expect(summarizer.summarize(Wrapper(inner: storage)).text == #"Wrapper(first: 1, third: "t")"#,
                "a type that wraps one other shows that one's fields")
    }

    @Test func foundationDumpsAreSummarised() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        let summary = summarizer.summarize(calendar)
        #expect(summary.text == "Calendar(identifier: gregorian, timeZone: America/New_York)")
        #expect(summary.full == calendar.description, "the detail view keeps what the program would print")
        calendar.locale = Locale(identifier: "fr_FR")
        #expect(summarizer.summarize(calendar).text
                == "Calendar(identifier: gregorian, locale: fr_FR, timeZone: America/New_York)")
        #expect(summarizer.summarize(Locale(identifier: "de_DE")).text == "de_DE")
        #expect(summarizer.summarize(TimeZone(identifier: "Asia/Tokyo")!).text == "Asia/Tokyo")
        let components = DateComponents(calendar: calendar, year: 2015, month: 2)
        #expect(summarizer.summarize(components).text == "DateComponents(calendar: Calendar, year: 2015, month: 2)")
        var zoned = DateComponents(hour: 9)
        zoned.timeZone = TimeZone(identifier: "Asia/Tokyo")
        zoned.calendar = calendar
        #expect(summarizer.summarize(zoned).text == "DateComponents(calendar: Calendar, timeZone: Asia/Tokyo, hour: 9)")
        let plain = DateComponents(month: 1, day: 3)
        #expect(summarizer.summarize(plain).text == plain.description, "no calendar, no dump: its own description")
        #expect(summarizer.summarize(components).full == components.description)
    }

    @Test func formatStylesShowTheirFields() {
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted)
        style.timeZone = TimeZone(identifier: "America/New_York")!
        style.locale = Locale(identifier: "en_US")
        let summary = summarizer.summarize(style)
        #expect(summary.text.hasPrefix(
            "FormatStyle(year: defaultDigits, month: abbreviated, day: defaultDigits, locale: en_US, timeZone: America/New_York"))
        #expect(!summary.text.contains("_symbols") && !summary.text.contains("_dateStyle"))
        #expect(summary.full.hasPrefix("FormatStyle(_symbols: Optional(DateFieldCollection(era: nil, "))
    }

    @Test func characterSetsSayWhatTheyHold() {
        let vowels = CharacterSet(charactersIn: "aeiouAEIOU")
        #expect(summarizer.summarize(vowels).text == "CharacterSet(10 scalars: A E I O U a e i o u)")
        #expect(summarizer.summarize(vowels.inverted).text == "CharacterSet(all but 10 scalars: A E I O U a e i o u)")
        #expect(summarizer.summarize(vowels).full == vowels.description)
        #expect(summarizer.summarize(CharacterSet(charactersIn: " \t")).text == "CharacterSet(2 scalars: U+0009 U+0020)")
        #expect(summarizer.summarize(CharacterSet.decimalDigits).text.hasPrefix("CharacterSet(")
                && summarizer.summarize(CharacterSet.decimalDigits).text.hasSuffix(" scalars: 0 1 2 3 4 5 6 7 8 9 …)"))
        #expect(summarizer.summarize(CharacterSet()).text == "CharacterSet(0 scalars)")
    }

    @Test func foundationOptionSetsAreNamedByTheirMembers() {
        var options = ISO8601DateFormatter.Options.withInternetDateTime
        let inserted = options.insert(.withFractionalSeconds)
        let summary = summarizer.summarize(inserted)
        #expect(summary.text == "(inserted: true, memberAfterInsert: [.withFractionalSeconds])")
        #expect(summary.full == "(inserted: true, memberAfterInsert: Options(rawValue: 2048))")
        #expect(summarizer.summarize(options).text == "[.withInternetDateTime, .withFractionalSeconds]")
        #expect(summarizer.summarize(JSONEncoder.OutputFormatting.sortedKeys).text == "[.sortedKeys]")
        #expect(summarizer.summarize(JSONEncoder.OutputFormatting()).text == "[]")
        let unnamed = JSONEncoder.OutputFormatting(rawValue: 1 << 20)
        #expect(summarizer.summarize(unnamed).text == "OutputFormatting(rawValue: 1048576)", "a bit with no name: as is")
    }
}
