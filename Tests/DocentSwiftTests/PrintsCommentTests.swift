import Testing
@testable import DocentSwift

@Suite struct PrintsCommentTests {
    @Test func trailing() {
        let comments = BlockAnalysis(code: "print(1 + 2) // Prints \"3\"").printsComments
        #expect(comments == [
            PrintsComment(
                line: 1, commentColumn: 14, quoteStart: 24, quoteEnd: 27, text: "3", standalone: false,
                commentOffset: 13, quoteStartOffset: 23, quoteEndOffset: 26)
        ])
    }

    @Test func standaloneAfterThePrintCall() {
        let code = "print(\"é\")\n// Prints \"é\""
        let comment = BlockAnalysis(code: code).printsComments.first
        #expect(comment?.standalone == true)
        #expect(comment?.line == 2)
        #expect(comment?.commentColumn == 1)
        #expect(comment?.quoteStart == 11)
        #expect(comment?.quoteEnd == 15)  // `"é"` is four bytes
        #expect(comment?.quoteEndOffset == 12 + 14)
        #expect(comment?.text == "é")
    }

    @Test func escapesAreResolved() {
        let code = #"print(x) // Prints "say \"hi\"\\n\n\ttab \u{1F600}""#
        #expect(BlockAnalysis(code: code).printsComments.map(\.text) == ["say \"hi\"\\n\n\ttab 😀"])
    }

    @Test func lowercaseAndSeveralInNestedCode() {
        let code = """
            for i in 1...2 {
                print(i) // prints "1"
            }
            func f() {
                print("🎉") // PRINTS "🎉"
            }
            """
        let comments = BlockAnalysis(code: code).printsComments
        #expect(comments.map(\.text) == ["1", "🎉"])
        #expect(comments.map(\.line) == [2, 5])
        #expect(comments.map(\.commentColumn) == [14, 19])  // `🎉` is four bytes
    }

    @Test func otherFormsAreNotPrintsComments() {
        let code = """
            print(1) // Prints the sum
            print(2) // Prints: "2"
            print(3) // Prints "3" and more
            print(4) // Prints "unterminated
            print(5) // Printsx "5"
            print(6) /// Prints "6"
            let s = "// Prints \\"7\\""
            """
        #expect(BlockAnalysis(code: code).printsComments.isEmpty)
    }

    // MARK: books' forms

    private func only(_ code: String) -> PrintsComment? {
        let analysis = BlockAnalysis(code: code)
        return analysis.printsComments.count == 1 ? analysis.printsComments[0] : nil
    }

    @Test("a period after the closing quote is not part of the text")
    func trailingPeriod() throws {
        let comment = try #require(only(#"print(5) // Prints "5"."#))
        #expect(comment.text == "5")
        #expect(comment.form == .literal)
        #expect(comment.quoteStart == 20)
        #expect(comment.quoteEnd == 23)
    }

    @Test("an explanation after the closing quote is not part of the text", arguments: [
        (#"// Prints "hello, world", because name is indeed equal to "world"."#, "hello, world"),
        (#"// Prints "x" (the last value)"#, "x"),
        (#"// Prints "x" (the last value)."#, "x"),
        (#"// Prints "x" - the last value"#, "x"),
        (#"// Prints "x" — the last value"#, "x"),
        (#"// Prints "x"; nothing else"#, "x"),
        (#"// Prints "5". That is the count."#, "5"),
        (#"// Prints "say \"hi\"", as you would expect"#, #"say "hi""#),
    ])
    func explanation(_ code: String, _ text: String) throws {
        let comment = try #require(only("print(v)\n" + code))
        #expect(comment.text == text)
        #expect(comment.form == .literal)
        #expect(BlockAnalysis(code: code).printsWarnings.isEmpty)
    }

    @Test("quotes inside the text: the outermost pair counts, and the text is kept as written")
    func innerQuotes() throws {
        let code = #"print(s) // Prints "The string "123" has an integer value of 123"."#
        let comment = try #require(only(code))
        #expect(comment.text == #"The string "123" has an integer value of 123"#)
        #expect(comment.form == .verbatim)
        #expect(comment.quoteStart == 20)
        #expect(comment.quoteEnd == 66)  // just past the last quote, before the period
    }

    @Test("quotes inside the text and an explanation: the one quote followed by an explanation closes it")
    func innerQuotesAndExplanation() throws {
        let comment = try #require(only(#"print(s) // Prints "a "b" c", because "b" is quoted"#))
        #expect(comment.text == #"a "b" c"#)
        #expect(comment.form == .verbatim)
    }

    @Test("`// Prints N lines:` takes the N comment lines under it, quoted or not, as the printed lines")
    func lineBlock() {
        let code = """
            print(a, b, c, d)
            // Prints four lines:
            // "first"
            // second line, as it is
            //
            //  "a" and "b"
            // not a printed line
            """
        let analysis = BlockAnalysis(code: code)
        #expect(analysis.printsComments.map(\.text) == ["first", "second line, as it is", "", #" "a" and "b""#])
        #expect(analysis.printsComments.map(\.form) == [.literal, .plain, .plain, .plain])  // the last is not one literal: plain
        #expect(analysis.printsComments.map(\.line) == [3, 4, 5, 6])
        #expect(analysis.printsComments.allSatisfy { $0.isBlockLine })
        #expect(analysis.printsComments.map(\.quoteStart) == [4, 4, 3, 4])
        #expect(analysis.printsComments.map(\.quoteEnd) == [11, 25, 3, 16])
        #expect(analysis.printsWarnings.isEmpty)
    }

    @Test("the count is a word from one to twelve or digits, `line` or `lines`, colon optional, in any case", arguments: [
        ("print(x) // Prints one line:\n// a", ["a"]),
        ("print(x) // prints 2 lines\n// a\n// b", ["a", "b"]),
        ("print(x)\n// Prints Three Lines:\n// a\n// \"b\"\n// c", ["a", "b", "c"]),
        ("print(x) // PRINTS twelve lines:\n" + (1...12).map { "// \($0)" }.joined(separator: "\n"), (1...12).map(String.init)),
    ])
    func lineCounts(_ code: String, _ lines: [String]) {
        #expect(BlockAnalysis(code: code).printsComments.map(\.text) == lines)
    }

    @Test("a block line is quoted only when its whole text is one Swift string literal")
    func quotedBlockLine() {
        let code = #"""
            print(x)
            // Prints three lines:
            //   "a \"b\" c"  
            // "d\e"
            // "a "b" c"
            """#
        let comments = BlockAnalysis(code: code).printsComments
        #expect(comments.map(\.text) == [#"a "b" c"#, #"d\e"#, #""a "b" c""#])  // an unknown escape is kept as written
        #expect(comments.map(\.form) == [.literal, .literal, .plain])
        #expect(comments.map(\.quoteStart) == [6, 4, 4])
    }

    @Test("comments that start like an expectation but cannot be read are warnings at their `//`")
    func unreadable() throws {
        let code = """
            print(1) // Prints "unterminated
            print(2) // Prints "2" and more
            print(3)
            // Prints three lines:
            // a
            // b

            // c
            print(4) // Prints two lines:
            """
        let analysis = BlockAnalysis(code: code)
        #expect(analysis.printsComments.isEmpty)
        #expect(analysis.printsWarnings.map(\.line) == [1, 2, 4, 9])
        #expect(analysis.printsWarnings.map(\.column) == [10, 10, 1, 10])
        try #require(analysis.printsWarnings.count == 4)
        #expect(analysis.printsWarnings[0].message.contains("never closed"))
        #expect(analysis.printsWarnings[1].message.contains("neither a period nor an explanation"))
        #expect(analysis.printsWarnings[2].message == "`// Prints three lines:` is followed by 2 comment lines, not 3")
        #expect(analysis.printsWarnings[3].message == "`// Prints two lines:` is followed by 0 comment lines, not 2")
        #expect(analysis.printsWarnings.allSatisfy { !$0.advice.isEmpty })
    }

    @Test("prose after `// Prints` is no expectation and no warning")
    func prose() {
        let code = """
            print(1) // Prints the sum
            print(2) // Prints two lines of text
            print(3) // Prints 0 lines
            print(4) // Prints
            """
        let analysis = BlockAnalysis(code: code)
        #expect(analysis.printsComments.isEmpty)
        #expect(analysis.printsWarnings.isEmpty)
    }

    // MARK: writing back

    /// `comment` read as a `// Prints` comment (or, when it does not start so, as a line under `// Prints N lines:`),
    /// then rewritten to `line`.
    private func rewritten(_ comment: String, to line: String) -> String? {
        let bytes = Array(comment.utf8)
        let isBlockLine = !comment.lowercased().hasPrefix("// prints")
        let read: PrintsComment.Quoted
        if isBlockLine {
            read = PrintsComment.blockLine(bytes)
        } else {
            guard case .quoted(let quoted) = PrintsComment.reading(bytes) else { return nil }
            read = quoted
        }
        guard let replacement = PrintsComment.rewriting(bytes, range: read.range, to: line, form: read.form,
                                                        isBlockLine: isBlockLine) else { return nil }
        var result = bytes
        result.replaceSubrange(read.range, with: replacement)
        return String(decoding: result, as: UTF8.self)
    }

    @Test("a new line is written in the comment's own form; the period and the explanation stay", arguments: [
        (#"// Prints "5"."#, "6", #"// Prints "6"."#),
        (#"// Prints "hello, world", because name is "world"."#, "hi, x", #"// Prints "hi, x", because name is "world"."#),
        (#"// Prints "old" (see above)"#, #"say "hi""#, #"// Prints "say \"hi\"" (see above)"#),
        (#"// Prints "The string "123" has an integer value of 123"."#, #"The string "45" has an integer value of 45"#,
         #"// Prints "The string "45" has an integer value of 45"."#),
        (#"// Prints "The string "123" is big"."#, #"a\b "c""#, #"// Prints "a\b "c""."#),
        (#"// Prints "The string "123" is big"."#, #"x", because y"#, #"// Prints "x\", because y"."#),
        ("// old line", "new line", "// new line"),
        ("// old line", #""quoted""#, #"// "\"quoted\"""#),
        (#"// "old""#, "new", #"// "new""#),
    ])
    func rewrite(_ comment: String, _ line: String, _ expected: String) {
        #expect(rewritten(comment, to: line) == expected)
    }
}
