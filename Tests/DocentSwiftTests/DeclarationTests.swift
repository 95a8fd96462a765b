import Testing
@testable import DocentSwift

@Suite struct DeclarationTests {
    private func single(_ code: String) -> Declaration? {
        let declarations = BlockAnalysis(code: code).declarations
        #expect(declarations.count == 1)
        return declarations.first
    }

    @Test func variablesBindEveryIdentifier() {
        let analysis = BlockAnalysis(code: "let x = 1, y = 2\nvar (a, b) = (1, 2)\nlet (c, (d, _)) = (1, (2, 3))")
        #expect(analysis.declarations.map(\.kind) == [.variable, .variable, .variable])
        #expect(analysis.declarations.map(\.names) == [["x", "y"], ["a", "b"], ["c", "d"]])
        #expect(analysis.declarations.allSatisfy { !$0.mustBeAtFileScope })
    }

    @Test func functionsHaveFullNames() {
        let code = """
            func greet(person: String) {}
            func greet(_ name: String, from place: String) {}
            func `default`() {}
            """
        let names = BlockAnalysis(code: code).declarations.map(\.names)
        #expect(names == [["greet(person:)"], ["greet(_:from:)"], ["default()"]])
        #expect(BlockAnalysis(code: code).declarations[1].baseNames == ["greet"])
    }

    @Test func operatorFunctionsHaveNoLabelsAndMustBeAtFileScope() {
        let declaration = single("func +++ (lhs: Int, rhs: Int) -> Int { lhs + rhs }")
        #expect(declaration?.names == ["+++(_:_:)"])
        #expect(declaration?.baseNames == ["+++"])
        #expect(declaration?.mustBeAtFileScope == true)
    }

    @Test func typesListTheirMembers() {
        let code = """
            struct Point: Equatable {
                var x = 0, y = 0
                init(x: Int) { self.x = x }
                func distance(to other: Point) -> Int { 0 }
                subscript(index: Int) -> Int { index }
                #if DEBUG
                static let origin = Point(x: 0)
                #endif
            }
            """
        let declaration = single(code)
        #expect(declaration?.kind == .type)
        #expect(declaration?.names == ["Point"])
        #expect(declaration?.members == ["x", "y", "init(x:)", "distance(to:)", "subscript(_:)", "origin"])
        #expect(declaration?.mustBeAtFileScope == false)
        #expect(declaration?.referencedNames.contains("Equatable") == true)
    }

    @Test func classesEnumsActorsAndAliases() {
        let code = """
            class A {}
            enum Shape { case circle(radius: Double), square(Double), dot }
            actor Counter {}
            typealias Grid = [[Int]]
            """
        let declarations = BlockAnalysis(code: code).declarations
        #expect(declarations.map(\.kind) == [.type, .type, .type, .typeAlias])
        #expect(declarations.map(\.names) == [["A"], ["Shape"], ["Counter"], ["Grid"]])
        #expect(declarations[1].members == ["circle(radius:)", "square(_:)", "dot"])
    }

    @Test func extensionsNameTheExtendedType() {
        let code = """
            extension Double { var km: Double { self * 1000 } }
            extension Array where Element == Int { func repetitions(task: () -> Void) {} }
            extension Collection {}
            extension [String: Int] {}
            extension Swift.Int {}
            """
        let declarations = BlockAnalysis(code: code).declarations
        #expect(declarations.map(\.kind) == Array(repeating: .extension, count: 5))
        #expect(declarations.map(\.names) == [["Double"], ["Array"], ["Collection"], ["Dictionary"], ["Swift.Int"]])
        #expect(declarations[0].members == ["km"])
        #expect(declarations[1].members == ["repetitions(task:)"])
        #expect(declarations.allSatisfy { $0.mustBeAtFileScope })
        #expect(declarations[1].referencedNames.isSuperset(of: ["Array", "Element", "Int", "Void"]))
        #expect(declarations[3].referencedNames.contains("Dictionary"))
    }

    @Test func protocolsOperatorsGroupsImportsAndMacros() {
        let code = """
            import Foundation
            protocol Shape { var area: Double { get }; func scaled(by factor: Double) -> Self }
            infix operator **: ExponentPrecedence
            precedencegroup ExponentPrecedence { higherThan: MultiplicationPrecedence }
            @freestanding(expression)
            macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "M", type: "S")
            """
        let declarations = BlockAnalysis(code: code).declarations
        let kinds: [Declaration.Kind] = [.importDeclaration, .protocol, .operatorDeclaration, .precedenceGroup, .macro]
        #expect(declarations.map(\.kind) == kinds)
        let names = [["Foundation"], ["Shape"], ["**"], ["ExponentPrecedence"], ["stringify(_:)"]]
        #expect(declarations.map(\.names) == names)
        #expect(declarations[1].members == ["area", "scaled(by:)"])
        #expect(declarations.allSatisfy { $0.mustBeAtFileScope })
        #expect(declarations[2].referencedNames == ["ExponentPrecedence"])
        #expect(declarations[3].referencedNames == ["MultiplicationPrecedence"])
    }

    @Test func fileScopeForAttributesAndAccessModifiers() {
        let code = """
            @main struct App { static func main() {} }
            private func helper() {}
            public struct Open {}
            private(set) var count = 0
            @Observable final class Model {}
            @propertyWrapper struct Clamped { var wrappedValue: Int }
            @resultBuilder enum Builder {}
            struct Box<T> { var value: T }
            """
        let rules = BlockAnalysis(code: code).declarations.map(\.mustBeAtFileScope)
        #expect(rules == [true, true, true, true, true, false, false, false])
    }

    @Test func ifConfigClausesAreSearched() {
        let code = "#if os(Linux)\nlet a = 1\n#else\nfunc b() {}\n#endif\nlet c = 2"
        let declarations = BlockAnalysis(code: code).declarations
        #expect(declarations.map(\.names) == [["a"], ["b()"], ["c"]])
        #expect(declarations.map(\.isInsideIfConfig) == [true, true, false])
    }

    @Test func rangeCoversDocCommentsAttributesAndModifiers() {
        let code = """
            let é = 1 // note

            // Not a doc comment.
            /// Says hi.
            /// Twice.
            @discardableResult
            func hi() -> Int { 1 }
            print(é)
            """
        let declarations = BlockAnalysis(code: code).declarations
        #expect(declarations.count == 2)
        #expect(declarations[0].start == Position(line: 1, column: 1, offset: 0))
        #expect(declarations[0].end == Position(line: 1, column: 11, offset: 10))  // `é` is two bytes
        #expect(declarations[1].start == TestPositions.at(4, 1, in: code))
        #expect(declarations[1].end == TestPositions.at(7, 23, in: code))
        let cut = Array(code.utf8)[declarations[1].start.offset..<declarations[1].end.offset]
        let text = "/// Says hi.\n/// Twice.\n@discardableResult\nfunc hi() -> Int { 1 }"
        #expect(String(decoding: cut, as: UTF8.self) == text)
    }

    @Test func docBlockCommentAndIndentedDeclaration() {
        let code = "  /** Doc. */\n  struct S {}"
        let declaration = single(code)
        #expect(declaration?.start == Position(line: 1, column: 3, offset: 2))
        #expect(declaration?.end == Position(line: 2, column: 14, offset: 27))
    }

    @Test func bodyReferencesBelongToTheDeclaration() {
        let declaration = single("func total(_ xs: [Item]) -> Int { xs.map(\\.price).reduce(0, +) + tax }")
        let expected: Set = ["Item", "Int", "xs", "map", "price", "reduce", "+", "tax"]
        #expect(declaration?.referencedNames.isSuperset(of: expected) == true)
    }
}
