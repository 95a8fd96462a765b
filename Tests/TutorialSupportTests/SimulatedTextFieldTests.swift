import Foundation
import Testing
import TutorialSupport

/// A rule that records every question it is asked and answers with `answer`.
private final class RecordingRule {
    var questions: [(text: String, range: NSRange, replacement: String)] = []
    var answer: (String, NSRange, String) -> Bool

    init(answer: @escaping (String, NSRange, String) -> Bool = { _, _, _ in true }) {
        self.answer = answer
    }

    var rule: TextFieldRule {
        TextFieldRule { text, range, replacement in
            self.questions.append((text, range, replacement))
            return self.answer(text, range, replacement)
        }
    }
}

@Suite("SimulatedTextField")
struct SimulatedTextFieldTests {
    @Test func typingSendsOneChangePerCharacterAtTheCursor() {
        let recorder = RecordingRule()
        let field = SimulatedTextField(rule: recorder.rule)
        let results = field.type("abc")

        #expect(results.count == 3)
        #expect(results.map(\.action) == [.type("a"), .type("b"), .type("c")])
        #expect(recorder.questions.map(\.range) == [
            NSRange(location: 0, length: 0), NSRange(location: 1, length: 0), NSRange(location: 2, length: 0),
        ])
        #expect(recorder.questions.map(\.text) == ["", "a", "ab"])
        #expect(field.text == "abc")
        #expect(field.selection == NSRange(location: 3, length: 0))
    }

    @Test func pasteIsOneChange() {
        let recorder = RecordingRule()
        let field = SimulatedTextField(text: "ab", rule: recorder.rule)
        let result = field.paste("cde")

        #expect(recorder.questions.count == 1)
        #expect(result.change == ProposedChange(range: NSRange(location: 2, length: 0), replacement: "cde"))
        #expect(result.accepted)
        #expect(field.text == "abcde")
    }

    @Test func aRejectedChangeLeavesTextAndSelectionAlone() {
        let field = SimulatedTextField(text: "12") { _, _, replacement in replacement.allSatisfy(\.isNumber) }
        let result = field.paste("3x")

        #expect(result.outcome == .rejected)
        #expect(result.text == "12")
        #expect(field.text == "12")
        #expect(field.selection == NSRange(location: 2, length: 0))
    }

    @Test func typingStopsNothingButTheRejectedKeystrokes() {
        let field = SimulatedTextField { _, _, replacement in replacement.allSatisfy(\.isNumber) }
        let results = field.type("4a2")

        #expect(results.map(\.outcome) == [.accepted, .rejected, .accepted])
        #expect(field.text == "42")
    }

    @Test func backspaceDeletesTheWholeCharacterBeforeTheCursor() {
        let recorder = RecordingRule()
        let field = SimulatedTextField(text: "a👍🏽", rule: recorder.rule)
        let result = field.backspace()

        // 👍🏽 is one Character but four UTF-16 code units.
        #expect(result.change == ProposedChange(range: NSRange(location: 1, length: 4), replacement: ""))
        #expect(field.text == "a")
        #expect(field.selection == NSRange(location: 1, length: 0))
    }

    @Test func backspaceAtTheStartDoesNotAskTheRule() {
        let recorder = RecordingRule()
        let field = SimulatedTextField(rule: recorder.rule)
        let result = field.backspace()

        #expect(result.outcome == .notAsked)
        #expect(result.change == nil)
        #expect(recorder.questions.isEmpty)
    }

    @Test func backspaceDeletesTheSelection() {
        let field = SimulatedTextField(text: "hello")
        field.perform(.select(NSRange(location: 1, length: 3)))
        let result = field.backspace()

        #expect(result.change?.range == NSRange(location: 1, length: 3))
        #expect(field.text == "ho")
    }

    @Test func typingReplacesTheSelection() {
        let field = SimulatedTextField(text: "hello")
        field.perform(.selectAll)
        field.type("J")

        #expect(field.text == "J")
    }

    @Test func aCombiningMarkTypedAloneAttachesToThePreviousCharacter() {
        let field = SimulatedTextField()
        field.type("e")
        let result = field.type("\u{301}")

        #expect(result.first?.change?.range == NSRange(location: 1, length: 0))
        #expect(field.text == "e\u{301}")
        #expect(field.text.count == 1)
        #expect(field.text == "é")
    }

    @Test func replaceAndMoveCursor() {
        let field = SimulatedTextField(text: "cat")
        field.perform(.moveCursor(to: 1))
        field.type("o")
        #expect(field.text == "coat")

        field.perform(.replace(NSRange(location: 0, length: 1), with: "g"))
        #expect(field.text == "goat")
        #expect(field.selection == NSRange(location: 1, length: 0))
    }

    @Test func settingTextBypassesTheRuleAndMovesTheCursorToTheEnd() {
        let field = SimulatedTextField { _, _, _ in false }
        field.text = "anything"

        #expect(field.text == "anything")
        #expect(field.selection == NSRange(location: 8, length: 0))
        #expect(field.paste("!").outcome == .rejected)
    }

    @Test func aRuleMaySetTheTextItselfAndRefuse() {
        let field = SimulatedTextField()
        field.rule = TextFieldRule { _, _, replacement in
            field.text = replacement.uppercased()
            return false
        }
        let result = field.paste("abc")

        #expect(result.outcome == .rejected)
        #expect(result.text == "ABC")
        #expect(field.selection == NSRange(location: 3, length: 0))
    }

    @Test func rulesCombineWithAnd() {
        let digits = TextFieldRule { _, _, replacement in replacement.allSatisfy(\.isNumber) }
        let short = TextFieldRule { text, range, replacement in
            text.utf16.count - range.length + replacement.utf16.count <= 2
        }
        let field = SimulatedTextField(rule: digits.and(short))
        field.type("1a234")

        #expect(field.text == "12")
    }

    @Test func andDoesNotAskTheSecondRuleAfterANo() {
        let recorder = RecordingRule()
        let never = TextFieldRule { _, _, _ in false }
        let field = SimulatedTextField(rule: never.and(recorder.rule))
        field.type("a")

        #expect(recorder.questions.isEmpty)
    }

    @Test func fieldsAreEqualAndHashedByIdentityLikeUITextField() {
        let first = SimulatedTextField(text: "same")
        let second = SimulatedTextField(text: "same")
        var limits: [SimulatedTextField: Int] = [first: 5]
        limits[second] = 7
        first.text = "changed"   // identity, not text, is the key

        #expect(first == first)
        #expect(first != second)
        #expect(limits.count == 2)
        #expect(limits[first] == 5)
        #expect(limits[second] == 7)
    }
}
