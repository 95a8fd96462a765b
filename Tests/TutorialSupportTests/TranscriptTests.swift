import Foundation
import Testing
import TutorialSupport

@Suite("Transcript")
struct TranscriptTests {
    @Test func printsAnAlignedTableWithAHeader() {
        let field = SimulatedTextField { _, _, replacement in replacement != "x" }
        let transcript = field.run([.type("ax"), .backspace])

        #expect(transcript.description == """
            action     range   replacement  result    text
            type "a"   {0, 0}  "a"          accepted  "a"
            type "x"   {1, 0}  "x"          rejected  "a"
            backspace  {0, 1}  ""           accepted  ""
            """)
    }

    @Test func actionsThatChangeNoTextShowDashes() {
        let field = SimulatedTextField(text: "ab")
        let transcript = field.run([.selectAll, .moveCursor(to: 0), .backspace])

        #expect(transcript.description == """
            action       range  replacement  result  text
            select all   -      -            -       "ab"
            cursor to 0  -      -            -       "ab"
            backspace    -      -            -       "ab"
            """)
    }

    @Test func countsRejectionsAndKnowsTheFinalText() {
        let field = SimulatedTextField { _, _, replacement in replacement.allSatisfy(\.isLetter) }
        let transcript = field.run([.type("a1b2"), .paste("cd")])

        #expect(transcript.entries.count == 5)
        #expect(transcript.rejectedCount == 2)
        #expect(transcript.finalText == "abcd")
    }

    @Test func anEmptyTranscriptHasOnlyTheHeader() {
        let transcript = Transcript(entries: [])

        #expect(transcript.finalText == "")
        #expect(transcript.description == "action  range  replacement  result  text")
    }

    @Test func escapesQuotesControlCharactersAndLoneCombiningMarks() {
        let field = SimulatedTextField()
        let transcript = field.run([.paste("say \"hi\"\n"), .type("\u{301}")])
        let lines = transcript.description.split(separator: "\n")

        #expect(lines[1].hasPrefix(#"paste "say \"hi\"\n""#))
        #expect(lines[2].hasPrefix(#"type "\u{301}""#))
        // Attached to the newline it cannot combine, so the mark stays escaped in the text too.
        #expect(lines[2].hasSuffix(#""say \"hi\"\n\u{301}""#))
    }

    @Test func aCombiningMarkAfterALetterIsShownComposed() {
        let field = SimulatedTextField()
        let transcript = field.run([.type("e"), .type("\u{301}")])

        #expect(transcript.description.hasSuffix("accepted  \"é\""))
    }

    @Test func countsAnEmojiAsTwoColumnsWhenAligning() {
        let field = SimulatedTextField()
        let transcript = field.run([.type("👍"), .paste("ok")])

        #expect(transcript.description == """
            action      range   replacement  result    text
            type "👍"   {0, 0}  "👍"         accepted  "👍"
            paste "ok"  {2, 0}  "ok"         accepted  "👍ok"
            """)
    }

    @Test func describesEveryKindOfAction() {
        #expect(UserAction.type("a").description == #"type "a""#)
        #expect(UserAction.paste("ab").description == #"paste "ab""#)
        #expect(UserAction.backspace.description == "backspace")
        #expect(UserAction.replace(NSRange(location: 1, length: 2), with: "x").description == #"replace {1, 2} with "x""#)
        #expect(UserAction.moveCursor(to: 3).description == "cursor to 3")
        #expect(UserAction.select(NSRange(location: 0, length: 2)).description == "select {0, 2}")
        #expect(UserAction.selectAll.description == "select all")
    }
}
