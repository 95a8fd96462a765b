import Testing
@testable import DocentSwift

@Suite struct TokenScanTests {
    @Test func placeholdersInExpressionsTypesAndPatterns() {
        let code = "let x: <#Type#> = <#value#>\nlet <#name#> = 1\nlet s = \"<#not one#>\""
        let placeholders = BlockAnalysis(code: code).placeholders
        #expect(placeholders == [
            Position(line: 1, column: 8, offset: 7), Position(line: 1, column: 19, offset: 18),
            Position(line: 2, column: 5, offset: 32),
        ])
    }

    @Test func placeholderAfterMultiByteText() {
        #expect(BlockAnalysis(code: "print(\"é\", <#x#>)").placeholders == [Position(line: 1, column: 13, offset: 12)])
    }

    @Test func reservedNamesDeclaredAndUsed() {
        let code = "let __docentValue = 1\nprint(__builtin_trap, `__docent_x`, docent, \"__docentNot\")"
        #expect(BlockAnalysis(code: code).reservedNameUses == [
            ReservedNameUse(name: "__docentValue", position: Position(line: 1, column: 5, offset: 4)),
            ReservedNameUse(name: "__builtin_trap", position: Position(line: 2, column: 7, offset: 28)),
            ReservedNameUse(name: "__docent_x", position: Position(line: 2, column: 23, offset: 44)),
        ])
    }

    @Test func linkerAttributesAnywhereAtTheirAtSign() {
        let code = """
            @_section(".swift1_autolink_entries") @_used let a: (UInt8, UInt8) = (45, 0)
            struct S { @section("x") @used static let b = 1 }
            #if false
            @_used let c = 1
            #endif
            let text = "@_used"  // @_section in a comment
            @available(*, deprecated) @discardableResult func f() -> Int { 1 }
            let section = 1, used = 2
            """
        let uses = BlockAnalysis(code: code).linkerAttributeUses.map { "\($0.name) \($0.position.line):\($0.position.column)" }
        #expect(uses == ["@_section 1:1", "@_used 1:39", "@section 2:12", "@used 2:26", "@_used 4:1"])
    }
}
