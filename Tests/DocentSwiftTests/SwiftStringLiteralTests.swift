import SwiftParser
import SwiftSyntax
import Testing
@testable import DocentSwift

@Suite("Writing Swift string literals")
struct SwiftStringLiteralTests {
    /// The value swift-syntax reads from `literal`, an independent reading of what the writer wrote.
    private func parsedValue(_ literal: String) -> String? {
        let file = Parser.parse(source: "let x = " + literal)
        guard !file.hasError,
              let expression = file.statements.first?.item.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value,
              let string = expression.as(StringLiteralExprSyntax.self) else { return nil }
        return string.representedLiteralValue
    }

    @Test("known answers: quotes, backslashes, line breaks, tabs, NUL, DEL, non-ASCII", arguments: [
        ("plain", #""plain""#),
        (#"content/say "hi"\.md"#, #""content/say \"hi\"\\.md""#),
        ("a\nb\r\nc\rd\te", #""a\nb\r\nc\rd\te""#),
        ("nul\u{0}esc\u{1B}del\u{7F}", #""nul\u{0}esc\u{1b}del\u{7f}""#),
        ("é ü 😀 \u{2028}", "\"é ü 😀 \u{2028}\""),
        ("", #""""#),
    ])
    func knownAnswers(text: String, literal: String) {
        #expect(SwiftStringLiteral.quoted(text) == literal)
    }

    @Test("every string reads back as itself", arguments: [
        "line one\nline two\n", "\"quoted\" and \\backslashed\\", "\r\n", "\u{0}\u{1}\u{1F}\u{7F}", "tab\there",
        "é👩‍👩‍👧\u{301}", #"\(notInterpolated)"#, "#\"raw-looking\"#", "\u{2028}\u{2029}\u{85}",
    ])
    func roundTrip(text: String) {
        #expect(parsedValue(SwiftStringLiteral.quoted(text)) == text)
    }

    @Test("a literal is always one line")
    func oneLine() {
        let literal = SwiftStringLiteral.quoted("a\nb\rc\r\nd")
        #expect(!literal.contains("\n") && !literal.contains("\r"))
    }
}
