import Foundation
import Testing
@testable import DocentSwift

@Suite struct BlockShapeTests {
    @Test func topLevelCode() {
        #expect(BlockAnalysis(code: "struct S {}\nfunc f() {}\nlet x = 1").hasTopLevelCode == false)
        #expect(BlockAnalysis(code: "let x = 1\nprint(x)").hasTopLevelCode == true)
        #expect(BlockAnalysis(code: "if true {}").hasTopLevelCode == true)
        #expect(BlockAnalysis(code: "#if DEBUG\nf()\n#endif").hasTopLevelCode == true)
        #expect(BlockAnalysis(code: "#warning(\"soon\")").hasTopLevelCode == false)
        #expect(BlockAnalysis(code: "#stringify(1)").hasTopLevelCode == true)
    }

    @Test func wellFormedCodeHasNoSyntaxErrors() {
        let analysis = BlockAnalysis(code: "let x = <#value#>\nprint(x)")
        #expect(analysis.syntaxErrors.isEmpty)
        #expect(analysis.placeholders.count == 1)
    }

    @Test func syntaxErrorsAreLocated() {
        #expect(BlockAnalysis(code: "let é = (1, 2\nprint(é)").syntaxErrors.first?.line == 1)
        let errors = BlockAnalysis(code: "let a = 1\nlet = 2").syntaxErrors
        #expect(errors == [Position(line: 2, column: 4, offset: 13)])
    }

    @Test func lexerErrorsAndUnclosedCommentsAreLocated() {
        #expect(BlockAnalysis(code: "/* open\nlet x = 1").syntaxErrors.first == Position(line: 1, column: 1, offset: 0))
        let unterminated = BlockAnalysis(code: "let s = \"é\nprint(s)")
        #expect(unterminated.syntaxErrors == [Position(line: 1, column: 12, offset: 11)])
        #expect(BlockAnalysis(code: "print(“hi”)").syntaxErrors.first == Position(line: 1, column: 7, offset: 6))
    }

    @Test func brokenCodeStillGivesDeclarations() {
        let analysis = BlockAnalysis(code: "func f( {\nstruct S {}")
        #expect(!analysis.syntaxErrors.isEmpty)
        #expect(analysis.declarations.first?.kind == .function)
    }

    @Test func analysisRoundTripsThroughCodable() throws {
        let analysis = BlockAnalysis(code: "let x = 1 // => 1\nprint(x) // Prints \"1\"")
        let data = try JSONEncoder().encode(analysis)
        #expect(try JSONDecoder().decode(BlockAnalysis.self, from: data) == analysis)
    }
}
