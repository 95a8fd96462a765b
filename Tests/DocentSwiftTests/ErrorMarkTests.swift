import Testing
@testable import DocentSwift

/// Comments that say their line is an error: which comments mark, and which line they mark.
@Suite struct ErrorMarkTests {
    @Test("the comments of the public Swift book that mark an error", arguments: [
        "Error",
        "Error: Can't use < to compare Boolean values.",
        "Error because < can't compare Boolean values",
        "This assertion fails because -3 isn't >= 0.",
        "this reports a compile-time error - argument labels are required",
        "This is a compile-time error: languageName cannot be changed.",
        "this triggers a runtime error",
        "this causes an error",
        "this will report an error, even though firstValue is a variable property",
        "error: value of optional type must be unwrapped",
        "ERROR",
        "Runtime error.",
        "compile-time error - the closure escapes",
        "Traps",
        "crash!",
        "this traps: the index is out of range",
        "this crashes",
        "fails to compile, because x is a constant",
        "this doesn’t compile",
    ])
    func marks(_ text: String) {
        #expect(ErrorMark.marks(text))
    }

    @Test("prose that mentions errors without saying the line is one", arguments: [
        "Errors are thrown here",
        "errorCount is 0",
        "throws an error if the file is missing",
        "handle the error case below",
        "error handling starts here",
        "error-prone, but fine",
        "returns an error value",
        "crashes if the index is out of range",
        "this is an error when x is nil",
        "fails when x is nil",
        "no runtime errors here",
        "Prints \"error\"",
        "Prints an error",
        "=> error",
        "trapdoor",
        "an errorless line",
    ])
    func doesNotMark(_ text: String) {
        #expect(!ErrorMark.marks(text))
    }

    @Test("a comment at the end of a line marks that line")
    func trailing() {
        let code = "let a = 1\nlet b: Int = \"x\" // Error: cannot convert\n"
        #expect(BlockAnalysis(code: code).errorMarks == [
            ErrorMark(line: 2, commentLine: 2, commentColumn: 18, commentOffset: 27, text: "Error: cannot convert")
        ])
    }

    @Test("a comment alone on a line marks the code line right before it, in any scope")
    func standalone() {
        let code = """
            func f() {
                let x = [1][2]
                // this triggers a runtime error
            }
            """
        let marks = BlockAnalysis(code: code).errorMarks
        #expect(marks.map(\.line) == [2])
        #expect(marks.map(\.commentLine) == [3])
        #expect(marks.map(\.commentColumn) == [5])
        #expect(marks.map(\.text) == ["this triggers a runtime error"])
    }

    @Test("a comment alone after a blank line or at the top marks nothing")
    func standaloneNeedsCodeRightBefore() {
        let code = """
            // Error
            let a = 1

            // Error
            /* block */ // Error
            """
        #expect(BlockAnalysis(code: code).errorMarks.isEmpty)
    }

    @Test("a comment in the run of comment lines right under a code line marks that line, as books write it")
    func commentRun() {
        let code = """
            let tooBig: Int8 = Int8.max + 1
            // Int8 can't store a number larger than its maximum value,
            // and so this will also report an error
            let fine = 1

            // and so this will report an error
            """
        let marks = BlockAnalysis(code: code).errorMarks
        #expect(marks.map(\.line) == [1])
        #expect(marks.map(\.commentLine) == [3])
    }

    @Test("a line of a multi-line string is code, so a comment after the literal's last line marks it")
    func afterMultiLineString() {
        let code = "let s = \"\"\"\n  text\n  \"\"\"\n// Error\n"
        #expect(BlockAnalysis(code: code).errorMarks.map(\.line) == [3])
    }

    @Test("`// Prints` and `// =>` comments, doc comments and marks inside strings are not marks")
    func otherComments() {
        let code = """
            print("x") // Prints "error"
            let y = 1 // => error
            let z = 2 /// Error
            let s = "// Error"
            """
        #expect(BlockAnalysis(code: code).errorMarks.isEmpty)
    }
}
