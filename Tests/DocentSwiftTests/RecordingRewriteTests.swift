import Testing
@testable import DocentSwift

/// What Docent rewrites so recording changes nothing: property assignments (``RecordingEdit``) and the statements
/// that get a scope of their own (``ScopedStatement``).
@Suite struct RecordingRewriteTests {
    /// The code with every edit applied.
    private func rewritten(_ code: String) -> String {
        var bytes = Array(code.utf8)
        for edit in BlockAnalysis(code: code).recordingEdits.reversed() {
            if let closing = edit.closing { bytes.insert(UInt8(ascii: ")"), at: closing.offset) }
            bytes.replaceSubrange(edit.start.offset..<edit.end.offset, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func anAssignmentToAPropertyIsParenthesizedInTheSpacesAroundItsEqualsSign() {
        #expect(rewritten("box.value = 100") == "(box.value)=100")
        #expect(rewritten("a.b.c   =   x + 1") == "(    a.b.c)=x + 1")
        #expect(rewritten("é.b = 1 // => 1") == "(é.b)=1 // => 1")
        let edit = BlockAnalysis(code: "let é = 1\nf.name = \"x\"").recordingEdits
        #expect(edit == [RecordingEdit(start: TestPositions.at(2, 1, in: "let é = 1\nf.name = \"x\""),
                                       end: TestPositions.at(2, 10, in: "let é = 1\nf.name = \"x\""), text: "(f.name)=")])
    }

    @Test func theRightHandSideKeepsItsColumnAndAnOperatorAfterEqualsKeepsItsSpaces() {
        #expect(rewritten("a.b  =  -1") == "(a.b) = -1")
        #expect(rewritten("a.b = .red") == "(a.b) = .red")
        #expect(rewritten("a.b = !flag") == "(a.b) = !flag")
    }

    @Test func withoutRoomTheParenthesesMoveTheRestOfTheLine() {
        #expect(rewritten("a.b=1") == "(a.b)=1")
        #expect(rewritten("a.b = -1") == "(a.b) = -1")
        #expect(rewritten("a.b =\n  1") == "(a.b) =\n  1")
        #expect(rewritten("a.b /* c */ = 1") == "(a.b) /* c */ = 1")
    }

    @Test func everyAssignmentToAMemberIsRewrittenEvenInClosuresAndSelfInInitializers() {
        let code = """
            a!.b = 1
            a[0].b = 2
            f().b = 3
            xs.forEach { $0.b = 4 }
            struct S { let n: Int; init() { self.n = 5 } }
            """
        #expect(rewritten(code) == """
            (a!.b)=1
            (a[0].b)=2
            (f().b)=3
            xs.forEach { ($0.b)=4 }
            struct S { let n: Int; init() { (self.n)=5 } }
            """)
    }

    @Test func aCallOnAPropertyIsParenthesizedInTheSpaceBeforeIt() {
        #expect(rewritten("box.items.append(1) // x") == "(box.items.append(1)) // x")
        #expect(rewritten("func f() {\n    a.b!.c.f { $0 }\n}") == "func f() {\n   (a.b!.c.f { $0 })\n}")
        for code in ["box.f()", "f()", ".a.f()", "a.b?.f()", "try a.b.f()", "a.b.f().g"] {
            #expect(BlockAnalysis(code: code).recordingEdits.isEmpty, "\(code)")
        }
    }

    @Test func otherAssignmentsAndComparisonsAreLeftAlone() {
        for code in ["x = 1", "a[0] = 1", ".b = 1", "a.b += 1", "a.b == 1", "try a.b = f()", "a.b = c.d = 1", "a?.b = 1", "a.b?.c = 1", "a?[0].b = 1", "a.f()?.b! .c = 1"] {
            #expect(BlockAnalysis(code: code).recordingEdits.isEmpty, "\(code)")
        }
    }

    @Test func topLevelStatementsOnLinesOfTheirOwnGetAScope() {
        let code = """
            var p: P? = P()
            p = nil
            print("after") // Prints "after"
            p = P(); p = nil
            object.method(
                1)
              /* c */ p = nil
            if c { p = nil }
            """
        let scoped = BlockAnalysis(code: code).scopedStatements
        #expect(scoped.map(\.start.line) == [2, 3, 5])
        #expect(scoped.map(\.endLine) == [2, 3, 6])
        #expect(scoped[0].start == TestPositions.at(2, 1, in: code))
    }

    @Test func statementsInBodiesThatRunStatementsGetAScopeButNotInClosuresOrValueReturningBodies() {
        let code = """
            func run() {
                p = P()
                p = nil
            }
            func make() -> Int {
                p = nil
                p = nil
                return 1
            }
            func unit() -> Void {
                for _ in 0..<2 {
                    p = P()
                    p = nil
                }
            }
            let c = {
                p = nil
                p = nil
            }
            var x: Int {
                p = nil
                return 1
            }
            var y = 0 {
                didSet {
                    p = nil
                    p = nil
                }
            }
            class K {
                init() {
                    p = nil
                    p = nil
                }
                deinit {
                    p = nil
                    p = nil
                }
            }
            func single() {
                p = nil
            }
            """
        #expect(BlockAnalysis(code: code).scopedStatements.map(\.start.line) == [2, 3, 12, 13, 26, 27, 32, 33, 36, 37])
    }
}

/// Swift Testing's `@Test` functions, found by their attribute.
@Suite struct TestDeclarationTests {
    @Test func testFunctionsAtTheTopLevelAndInSuitesAreFoundAtTheirAttributesName() {
        let code = """
            import Testing
            @Test func one() {}
            @Suite struct S {
                @Test("named") func two() {}
                func helper() {}
            }
            @Testing.Test func three() {}
            @MainActor func four() {}
            """
        #expect(BlockAnalysis(code: code).tests == [TestPositions.at(2, 2, in: code), TestPositions.at(4, 6, in: code),
                                                      TestPositions.at(7, 2, in: code)])
    }
}
