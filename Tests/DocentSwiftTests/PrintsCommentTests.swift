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
}
