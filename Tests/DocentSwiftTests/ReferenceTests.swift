import Testing
@testable import DocentSwift

@Suite struct ReferenceTests {
    @Test func functionCallsAndArguments() {
        let references = BlockAnalysis(code: "greet(person: name)").references
        #expect(references.isSuperset(of: ["greet", "name"]))
        #expect(!references.contains("person"))
    }

    @Test func typeAnnotationsGenericArgumentsAndMemberTypes() {
        let code = "let p: Point? = nil\nvar d: [Key: Box<Value>] = [:]\nlet e: Outer.Inner"
        let references = BlockAnalysis(code: code).references
        #expect(references.isSuperset(of: ["Point", "Key", "Box", "Value", "Outer", "Inner"]))
        #expect(!references.contains("p"))  // declared, not used
    }

    @Test func inheritanceClausesAndAttributes() {
        let references = BlockAnalysis(code: "struct S: Shape, Codable { @Clamped var x: Int }").references
        #expect(references.isSuperset(of: ["Shape", "Codable", "Clamped", "Int"]))
    }

    @Test func membersOperatorsMacrosAndProjections() {
        let code = #"""
            let d = 5.0.km
            let p = a +++ b
            let s = #stringify(√x)
            print($value, .red, \Item.price, "\(interpolated)")
            """#
        let references = BlockAnalysis(code: code).references
        let expected: Set = [
            "km", "+++", "stringify", "√", "x", "print", "$value", "value", "red", "Item", "price", "interpolated",
        ]
        #expect(references.isSuperset(of: expected))
    }

    @Test func backticksAreRemoved() {
        #expect(BlockAnalysis(code: "print(`class`)").references.contains("class"))
    }
}
