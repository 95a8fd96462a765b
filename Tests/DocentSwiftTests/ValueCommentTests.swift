import Testing
@testable import DocentSwift

@Suite struct ValueCommentTests {
    @Test func afterCode() {
        let comments = BlockAnalysis(code: "let x = 6 * 7 // =>   42  ").valueComments
        #expect(comments == [
            ValueComment(
                line: 1, commentColumn: 15, valueColumn: 23, text: "42", standalone: false,
                commentOffset: 14, valueOffset: 22)
        ])
    }

    @Test func columnsAreUTF8BytesAfterAccentsAndEmoji() {
        let code = "let a = 1\nlet s = \"é🎉\" // => \"é🎉\""
        let comment = BlockAnalysis(code: code).valueComments.first
        // `let s = "é🎉" ` is 8 + 1 + 2 + 4 + 1 + 1 = 17 bytes
        #expect(comment?.line == 2)
        #expect(comment?.commentColumn == 18)
        #expect(comment?.valueColumn == 24)
        #expect(comment?.valueOffset == 10 + 23)
        #expect(comment?.text == "\"é🎉\"")
    }

    @Test func aloneOnItsLineIsStandalone() {
        let comments = BlockAnalysis(code: "let x = 1\n    // => 1\n").valueComments
        #expect(comments.map(\.standalone) == [true])
        #expect(comments.first?.commentColumn == 5)
    }

    @Test func withoutSpacesAndEmpty() {
        let comments = BlockAnalysis(code: "f() //=>7\ng() // =>").valueComments
        #expect(comments.map(\.text) == ["7", ""])
        #expect(comments.map(\.valueColumn) == [9, 10])
    }

    @Test func notInsideStringLiterals() {
        let code = #"""
            let multi = """
                a // => 1
                """
            let raw = #"b // => 2"#
            let url = "http://example.com" // => "http://example.com"
            """#
        let comments = BlockAnalysis(code: code).valueComments
        #expect(comments.count == 1)
        #expect(comments.first?.line == 5)
        #expect(comments.first?.commentColumn == 32)
        #expect(comments.first?.text == "\"http://example.com\"")
    }

    @Test func otherCommentsAreIgnored() {
        #expect(BlockAnalysis(code: "f() // = > 1\ng() /// => 2\nh() /* => 3 */").valueComments.isEmpty)
    }

    @Test func insideNestedCode() {
        let comments = BlockAnalysis(code: "func f() {\n    let y = 2 // => 2\n}").valueComments
        #expect(comments.map(\.line) == [2])
    }
}
