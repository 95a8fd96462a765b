import Foundation
import Testing
@testable import PlaygroundRuntime

/// Dates show their seconds and fractions only when those are not zero, in the article's locale and time zone.
@Suite struct DateTextTests {
    let midnight = Date(timeIntervalSince1970: 1_422_853_200) // Feb 2, 2015, 00:00 in New York

    func text(_ date: Date, _ locale: String = "en_US") -> String {
        ValueSummarizer(timeZone: "America/New_York", locale: locale).summarize(date).text
    }

    @Test func minutesWhenThatIsAllThereIs() {
        #expect(text(midnight) == "Feb 2, 2015 at 12:00 AM")
    }

    @Test func secondsAndFractionsWhenNotZero() {
        #expect(text(midnight + 1) == "Feb 2, 2015 at 12:00:01 AM", "one second later reads differently")
        #expect(text(midnight + 0.25) == "Feb 2, 2015 at 12:00:00.250 AM")
        #expect(text(midnight + 61.5) == "Feb 2, 2015 at 12:01:01.500 AM")
        #expect(text(midnight + 0.000_2) == "Feb 2, 2015 at 12:00 AM", "less than a millisecond is not shown")
        #expect(text(midnight - 1) == "Feb 1, 2015 at 11:59:59 PM")
    }

    @Test func spacesAreOrdinary() {
        #expect(!text(midnight + 1).unicodeScalars.contains("\u{202F}"))
        #expect(text(midnight + 1).contains("01 AM"))
    }

    @Test func otherLocalesWriteTheirOwnWay() {
        #expect(text(midnight, "fr_FR") == "2 févr. 2015 à 00:00")
        #expect(text(midnight + 1.5, "fr_FR") == "2 févr. 2015 à 00:00:01.500")
        #expect(text(midnight + 1, "de_DE") == "02.02.2015, 00:00:01")
    }

    @Test func theFractionFollowsTheSecondsInAPattern() {
        #expect(DateText.pattern("h:mm:ss a", fractionDigits: 3) == "h:mm:ss.SSS a")
        #expect(DateText.pattern("'ss' HH:mm:ss", fractionDigits: 2) == "'ss' HH:mm:ss.SS")
        #expect(DateText.pattern("HH:mm", fractionDigits: 3) == "HH:mm")
    }
}
