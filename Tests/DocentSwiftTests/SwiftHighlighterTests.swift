import DocentTestSupport
import Testing
@testable import DocentSwift

@Suite struct SwiftHighlighterTests {
    typealias Span = SwiftHighlighter.Span
    let highlighter = SwiftHighlighter()

    /// Every classified span of the snippet, in order, across all lines.
    func classified(_ code: String) -> [Span] {
        highlighter.lines(code).flatMap { $0 }.filter { $0.kind != nil }
    }

    /// The snippet's lines as `split(on "\n")` gives them, `\r` kept.
    static func expectedLines(_ code: String) -> [String] {
        code.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Asserts that the spans rebuild the snippet exactly and that no two neighbours share a kind.
    static func expectLossless(_ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = SwiftHighlighter().lines(code)
        let rebuilt = lines.map { $0.map(\.text).joined() }
        #expect(rebuilt == expectedLines(code), sourceLocation: sourceLocation)
        #expect(Array(rebuilt.joined(separator: "\n").utf8) == Array(code.utf8), sourceLocation: sourceLocation)
        for line in lines {
            #expect(zip(line, line.dropFirst()).allSatisfy { $0.kind != $1.kind }, sourceLocation: sourceLocation)
            #expect(line.allSatisfy { !$0.text.isEmpty }, sourceLocation: sourceLocation)
        }
    }

    @Test func keywordsLiteralsAndPlainNames() {
        let lines = highlighter.lines("let x = true\nif x { return nil }")
        #expect(lines == [
            [Span(kind: .keyword, text: "let"), Span(kind: nil, text: " x "), Span(kind: .operator, text: "="),
             Span(kind: nil, text: " "), Span(kind: .literal, text: "true")],
            [Span(kind: .keyword, text: "if"), Span(kind: nil, text: " x { "), Span(kind: .keyword, text: "return"),
             Span(kind: nil, text: " "), Span(kind: .literal, text: "nil"), Span(kind: nil, text: " }")],
        ])
        let spans = classified("func f(_ a: inout Int) async throws -> some View { try await g(&a) }")
        for word in ["func", "inout", "async", "throws", "some", "try", "await"] {
            #expect(spans.contains(Span(kind: .keyword, text: word)), "\(word)")
        }
        #expect(spans.contains(Span(kind: .function, text: "f")))
        #expect(spans.contains(Span(kind: .function, text: "g")))
        #expect(spans.contains(Span(kind: .type, text: "Int")))
        #expect(spans.contains(Span(kind: .type, text: "View")))
        #expect(spans.contains(Span(kind: .operator, text: "->")))
        #expect(spans.contains(Span(kind: .operator, text: "&")))
        #expect(!spans.contains { $0.text == "_" || $0.text == "a" })
    }

    @Test func enumCasesInPatternsAreNotCalls() {
        let spans = classified("switch r { case .some(let y): print(y); case let .failure(e): g(e); default: break }\n"
            + "if case .success(let v) = load() { use(.make(v)) }")
        for name in ["some", "failure", "success"] {
            #expect(!spans.contains { $0.text == name }, "\(name)")
        }
        #expect(spans.filter { $0.kind == .function }.map(\.text) == ["print", "g", "load", "use", "make"])
    }

    @Test func typeDeclarationNamesAndTypePositions() {
        let spans = classified("struct Point: Hashable, Sendable { var x: Double; var tags: [String: Int] = [:] }")
        #expect(spans == [
            Span(kind: .keyword, text: "struct"), Span(kind: .type, text: "Point"), Span(kind: .type, text: "Hashable"),
            Span(kind: .type, text: "Sendable"), Span(kind: .keyword, text: "var"), Span(kind: .type, text: "Double"),
            Span(kind: .keyword, text: "var"), Span(kind: .type, text: "String"), Span(kind: .type, text: "Int"),
            Span(kind: .operator, text: "="),
        ])
        let generic = classified("enum E<T> where T: Equatable {}\nlet y = x as? Array<Int>\nif v is Foo {}")
        #expect(generic.filter { $0.kind == .type }.map(\.text) == ["E", "T", "T", "Equatable", "Array", "Int", "Foo"])
        #expect(generic.contains(Span(kind: .keyword, text: "as?")))
        #expect(generic.contains(Span(kind: .keyword, text: "is")))
    }

    @Test func calledMethodIsAFunctionAndCapitalisedExpressionIsAType() {
        let line = highlighter.lines("Date.now.formatted(date: .long, time: .omitted)")[0]
        #expect(line == [
            Span(kind: .type, text: "Date"), Span(kind: nil, text: ".now."), Span(kind: .function, text: "formatted"),
            Span(kind: nil, text: "(date: .long, time: .omitted)"),
        ])
        let spans = classified("let d = Date()\nlet c = Calendar.current\nprint(xs.map { $0 })\nself.reload()")
        #expect(spans.contains(Span(kind: .type, text: "Date")))
        #expect(spans.contains(Span(kind: .type, text: "Calendar")))
        #expect(spans.contains(Span(kind: .function, text: "print")))
        #expect(spans.contains(Span(kind: .function, text: "map")))
        #expect(spans.contains(Span(kind: .function, text: "reload")))
        #expect(spans.contains(Span(kind: .keyword, text: "self")))
        #expect(!spans.contains { $0.text == "current" || $0.text == "xs" })
    }

    @Test func stringInterpolationAndEscapes() {
        let line = highlighter.lines(#"let s = "Hi \(name)!\n""#)[0]
        #expect(line == [
            Span(kind: .keyword, text: "let"), Span(kind: nil, text: " s "), Span(kind: .operator, text: "="),
            Span(kind: nil, text: " "), Span(kind: .string, text: "\"Hi "), Span(kind: .interpolation, text: "\\("),
            Span(kind: nil, text: "name"), Span(kind: .interpolation, text: ")"), Span(kind: .string, text: "!"),
            Span(kind: .escape, text: "\\n"), Span(kind: .string, text: "\""),
        ])
        let unicode = classified(#"let e = "\u{1F600}\t\\""#)
        #expect(unicode.contains(Span(kind: .escape, text: #"\u{1F600}\t\\"#)))
        let raw = classified(##"let r = #"a\n \#(x) \#t"#"##)
        #expect(raw.contains(Span(kind: .string, text: ##"#"a\n "##)))
        #expect(raw.contains(Span(kind: .interpolation, text: ##"\#("##)))
        #expect(raw.contains(Span(kind: .escape, text: ##"\#t"##)))
        #expect(raw.contains(Span(kind: .string, text: ##""#"##)))
    }

    @Test func multilineStringIsStringOnEveryLine() {
        let code = "let text = \"\"\"\n    Hello, \\(who)\n    bye\n    \"\"\"\nlet n = 1"
        let lines = highlighter.lines(code)
        #expect(lines.count == 5)
        #expect(lines[0].last == Span(kind: .string, text: "\"\"\""))
        // The indentation the compiler strips is not part of the string's text, so it stays plain.
        #expect(lines[1] == [
            Span(kind: nil, text: "    "), Span(kind: .string, text: "Hello, "), Span(kind: .interpolation, text: "\\("), Span(kind: nil, text: "who"),
            Span(kind: .interpolation, text: ")"),
        ])
        #expect(lines[2] == [Span(kind: nil, text: "    "), Span(kind: .string, text: "bye")])
        #expect(lines[3].map(\.text).joined() == "    \"\"\"")
        #expect(lines[3].last == Span(kind: .string, text: "\"\"\""))
        #expect(lines[4].first == Span(kind: .keyword, text: "let"))
    }

    @Test func blockCommentSpansLines() {
        let lines = highlighter.lines("let a = 1 /* one\n two\n three */ + 2 // end\n/// Doc.")
        #expect(lines[0].last == Span(kind: .comment, text: "/* one"))
        #expect(lines[1] == [Span(kind: .comment, text: " two")])
        #expect(lines[2] == [
            Span(kind: .comment, text: " three */"), Span(kind: nil, text: " "), Span(kind: .operator, text: "+"),
            Span(kind: nil, text: " "), Span(kind: .number, text: "2"), Span(kind: nil, text: " "),
            Span(kind: .comment, text: "// end"),
        ])
        #expect(lines[3] == [Span(kind: .comment, text: "/// Doc.")])
    }

    @Test func compilerDirectivesAndMacros() {
        let lines = highlighter.lines("#if os(Linux)\nimport Glibc\n#else\nimport Darwin\n#endif")
        #expect(lines[0] == [
            Span(kind: .directive, text: "#if"), Span(kind: nil, text: " "), Span(kind: .directive, text: "os(Linux)"),
        ])
        #expect(classified("#if DEBUG && !swift(>=6.0)").map(\.text) == ["#if", "DEBUG", "&&", "!", "swift(", ">=", "6.0", ")"])
        #expect(lines[1] == [Span(kind: .keyword, text: "import"), Span(kind: nil, text: " Glibc")])
        #expect(lines[2] == [Span(kind: .directive, text: "#else")])
        #expect(lines[4] == [Span(kind: .directive, text: "#endif")])
        let spans = classified("if #available(macOS 14, *) { #expect(a == 1) }\nlet s = #selector(tap)\n#Preview { V() }")
        #expect(spans.contains(Span(kind: .directive, text: "#available")))
        #expect(spans.contains(Span(kind: .directive, text: "#expect")))
        #expect(spans.contains(Span(kind: .directive, text: "#selector")))
        #expect(spans.contains(Span(kind: .directive, text: "#Preview")))
        #expect(spans.contains(Span(kind: .operator, text: "==")))
    }

    @Test func attributes() {
        let spans = classified("@MainActor final class Model { @available(iOS 17, *) @IBInspectable var x = 0 }")
        #expect(spans.contains(Span(kind: .attribute, text: "@MainActor")))
        #expect(spans.contains(Span(kind: .attribute, text: "@available")))
        #expect(spans.contains(Span(kind: .attribute, text: "@IBInspectable")))
        #expect(spans.contains(Span(kind: .number, text: "17")))
        #expect(spans.contains(Span(kind: .type, text: "Model")))
    }

    @Test func numbers() {
        let spans = classified("let a = 1_000 + 0x1F - 3.14 * 1e-3 + 0b1010")
        #expect(spans.filter { $0.kind == .number }.map(\.text) == ["1_000", "0x1F", "3.14", "1e-3", "0b1010"])
    }

    @Test func operators() {
        let spans = classified("let r = 0..<n; let z = a ?? b; x += 1; let t = c ? d : e; let m = !f && g != h; infix operator <*>")
        let operators = spans.filter { $0.kind == .operator }.map(\.text)
        #expect(operators == ["=", "..<", "=", "??", "+=", "=", "?", ":", "=", "!", "&&", "!=", "<*>"])
        #expect(!classified("f(a: 1, b: [2])").contains { $0.text.contains(",") || $0.text.contains(":") })
    }

    @Test func editorPlaceholders() {
        let spans = classified("let x: <#Type#> = <#value#>\nlet s = \"<#not one#>\"")
        #expect(spans.contains(Span(kind: .placeholder, text: "<#Type#>")))
        #expect(spans.contains(Span(kind: .placeholder, text: "<#value#>")))
        #expect(spans.contains(Span(kind: .string, text: "\"<#not one#>\"")))
    }

    @Test func markupCharactersAreOperatorsOrStringText() {
        #expect(highlighter.lines(#"let s = "a < b && c > d" + 'x'"#) == [[
            Span(kind: .keyword, text: "let"), Span(kind: nil, text: " s "), Span(kind: .operator, text: "="),
            Span(kind: nil, text: " "), Span(kind: .string, text: #""a < b && c > d""#), Span(kind: nil, text: " "),
            Span(kind: .operator, text: "+"), Span(kind: nil, text: " "), Span(kind: .string, text: "'x'"),
        ]])
        #expect(highlighter.lines("a < b && c > d").flatMap { $0 }.filter { $0.kind == .operator }.map(\.text) == ["<", "&&", ">"])
    }

    @Test func multilineConstructsKeepTheirKindOnEveryLine() {
        let lines = highlighter.lines("/* a\nb */ let s = \"\"\"\nx\n\"\"\"")
        #expect(lines.count == 4)
        #expect(lines[1] == [Span(kind: .comment, text: "b */"), Span(kind: nil, text: " "), Span(kind: .keyword, text: "let"),
                             Span(kind: nil, text: " s "), Span(kind: .operator, text: "="), Span(kind: nil, text: " "),
                             Span(kind: .string, text: "\"\"\"")])
    }

    @Test func emptyInputAndTrailingNewline() {
        #expect(highlighter.lines("") == [[]])
        #expect(highlighter.lines("x\n") == [[Span(kind: nil, text: "x")], []])
        #expect(highlighter.lines("\n\n").count == 3)
    }

    @Test func carriageReturnsStayInTheLineText() {
        let code = "let a = 1\r\n/* x\r\ny */\r\nlet b = \"\"\"\r\nq\r\n\"\"\"\r\n"
        Self.expectLossless(code)
        let lines = highlighter.lines(code)
        #expect(lines.count == 7)
        #expect(lines[0].last == Span(kind: nil, text: "\r"))
        #expect(lines[0].first == Span(kind: .keyword, text: "let"))
        #expect(lines[2].first == Span(kind: .comment, text: "y */"))
    }

    @Test func neverLosesTextOnAwkwardInput() {
        let samples = [
            "func f( {", "}}}} let", "let s = \"unterminated", "let s = \"\"\"\nnever closed", "/* open comment\nstill",
            "let 🎉 = \"🎉\u{1F600}\" // 🎉", "let مرحبا = \"سلام\" + \"你好\" // 日本語", "let e\u{301} = \"e\u{301}\u{302}\"",
            "\u{301}\u{302}x", "\t\tlet\ta\t=\t1\t", "#if\n#endif #else", "@", "#", "\\(", "\"\\(\"", "\"\\u{zz\"",
            "\"\\", "#\"abc", "<#", "<#a#", "let x = <#a#><#b#>", "\u{FEFF}let a = 1", "#!/usr/bin/swift\nprint(1)",
            "let r = /a+b/", "let r = #/a\\/b/#", "a\r\n\r\n", "\r", "\r\r\n\n", "`", "`class`.`init`()",
            String(repeating: "(", count: 3_000), String(repeating: "{[(\"", count: 500),
            String(repeating: "let a = \"x\\(y) 😀\" + 1 /* c */ ", count: 2_000),
        ]
        for sample in samples {
            Self.expectLossless(sample)
            #expect(highlighter.lines(sample).count == Self.expectedLines(sample).count)
        }
    }

    @Test func randomMixesOfFragmentsAndGarbageRoundTrip() {
        let fragments = [
            "let ", "var x", " = ", "1_000", "0x1F", "3.14", "\"str\"", "\"a\\(b)c\"", "\"\"\"\n", "#\"raw\\#(x)\"#",
            "/* ", " */", "// note", "\n", "\r\n", "\t", "{", "}", "(", ")", "[", "]", "<", ">", "<#p#>", "<#", "#>",
            "#if os(Linux)", "#endif", "@MainActor ", "func f", "struct S", ": Int", "->", "?", "!", "&", "\\", "\\n",
            "\\u{1F600}", "#", "@", "`", "'", "é", "e\u{301}", "😀", "👨‍👩‍👧", "مرحبا", "漢字", "Date.now.formatted()", ".",
            ",", ";", "..<", "??", "$0", "_", "try await ", "as? ", "\u{0}", "\u{7F}", "\u{2028}",
        ]
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<300 {
            var code = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                code += fragments.randomElement(using: &generator) ?? ""
            }
            Self.expectLossless(code)
        }
    }

    @Test func twoThousandLinesGiveTwoThousandLines() {
        let block = "struct S {\n    /* block */ let a = \"x \\(1 + 2)\"\n    func f() -> Int { 0x1F }\n}\n"
        let code = String(repeating: block, count: 500)
        let lines = highlighter.lines(code)
        #expect(lines.count == 2_001)
        #expect(lines[1_998][0].text == "    ")
        #expect(lines[1_998][1] == Span(kind: .keyword, text: "func"))
    }
}
