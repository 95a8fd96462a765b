import Testing
@testable import DocentSwift

@Suite struct MemberAssignmentTests {
    @Test func topLevelAssignment() {
        let code = "let é = 1\nformatter.locale = Locale(identifier: \"fr\") // French"
        #expect(BlockAnalysis(code: code).memberAssignments == [
            MemberAssignment(
                baseStart: Position(line: 2, column: 1, offset: 11),
                rhsStart: Position(line: 2, column: 20, offset: 30),
                target: "formatter.locale", endLine: 2, canInsertAfter: true)
        ])
    }

    @Test func chainsSelfAndMultiLineRightHandSides() {
        let code = """
            a.b.c = x + 1
            func f() {
                self.x = [
                    1,
                ]
            }
            """
        let assignments = BlockAnalysis(code: code).memberAssignments
        #expect(assignments.map(\.target) == ["a.b.c", "self.x"])
        #expect(assignments.map(\.endLine) == [1, 5])
        #expect(assignments[1].baseStart == TestPositions.at(3, 5, in: code))
        #expect(assignments[1].rhsStart == TestPositions.at(3, 14, in: code))
        #expect(assignments.map(\.canInsertAfter) == [true, true])
    }

    @Test func notPlainAssignments() {
        let code = """
            .b = 1
            a.b += 1
            x = 1
            f().b = 1
            a[0].b = 1
            a?.b = 1
            try a.b = f()
            a.b == 1
            """
        #expect(BlockAnalysis(code: code).memberAssignments.isEmpty)
    }

    @Test func insertionAllowedInStatementBodies() {
        let code = """
            do { a.b = 1
            }
            if c {
                a.b = 2
            } else if d {
                a.b = 3
            } else {
                a.b = 4
            }
            guard c else { a.b = 5
                return }
            for _ in 0..<1 {
                a.b = 6
            }
            while c {
                a.b = 7
            }
            repeat {
                a.b = 8
            } while c
            switch c {
            case true:
                a.b = 9
            default: break
            }
            defer {
                a.b = 10
            }
            var v: Int {
                get {
                    a.b = 11
                    return 1
                }
            }
            #if DEBUG
            a.b = 12
            #endif
            """
        let assignments = BlockAnalysis(code: code).memberAssignments
        #expect(assignments.count == 12)
        #expect(assignments.allSatisfy { $0.canInsertAfter })
    }

    @Test func insertionRefusedInClosuresInitializersAndBusyLines() {
        let code = """
            let c = { a.b = 1 }
            list.forEach {
                $0.value = 2
            }
            struct S {
                var x: Int
                init() {
                    self.x = 3
                    if true {
                        self.x = 4
                    }
                }
            }
            a.b = 5; print(a)
            a.b = 6 /* still
              a comment */
            let v = if c { a.b = 7 } else { a.b = 8 }
            """
        let assignments = BlockAnalysis(code: code).memberAssignments
        #expect(assignments.map(\.target) == ["a.b", "$0.value", "self.x", "self.x", "a.b", "a.b", "a.b", "a.b"])
        #expect(assignments.allSatisfy { !$0.canInsertAfter })
    }

    @Test func commentAfterAndEndOfBlockAllowInsertion() {
        let assignments = BlockAnalysis(code: "a.b = 1 /* x */ // => 1\na.c = 2;").memberAssignments
        #expect(assignments.map(\.canInsertAfter) == [true, true])
    }
}
