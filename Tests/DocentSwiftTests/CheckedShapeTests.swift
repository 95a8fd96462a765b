import Testing
@testable import DocentSwift

/// The shapes Docent checks without running them: `...` elisions, `@main` types and member fragments.
@Suite struct CheckedShapeTests {
    @Test func elisionsAreFoundWhereABodyAValueOrAnArgumentListGoes() {
        let code = "struct A {\n    func run() throws { ... }\n}\nlet x: Int = ...\nf(.path(...), y: 1)\nlet r = 1...5"
        let analysis = BlockAnalysis(code: code)
        #expect(analysis.elisions.map(\.kind) == [.body, .expression, .expression])
        #expect(analysis.elisions.map(\.position.description) == ["2:25", "4:14", "5:9"])
        let rewritten = CheckedCode.rewrite(code, elisions: analysis.elisions, fragment: nil)
        #expect(rewritten == "struct A {\n    func run() throws { fatalError(\"elided code\") }\n}\nlet x: Int = __docent_elided()\nf(__docent_elided(), y: 1)\nlet r = 1...5")
        #expect(BlockAnalysis(code: rewritten).syntaxErrors.isEmpty)
    }

    /// A body holding only a comment stands for code when its function returns a value (Swift says "missing
    /// return"); one that returns nothing compiles as written, and an empty body is no elision.
    @Test func aCommentAloneInABodyThatMustReturnIsAnElision() {
        let code = "func list(_ a: [String]) -> [String] {\n    // Generate the list\n}\nfunc log() {\n    // nothing\n}\nfunc e() -> Int {}"
        let analysis = BlockAnalysis(code: code)
        #expect(analysis.elisions.map(\.kind) == [.body])
        #expect(analysis.elisions.map(\.position.description) == ["3:1"])
        let rewritten = CheckedCode.rewrite(code, elisions: analysis.elisions, fragment: nil)
        #expect(rewritten.hasPrefix("func list(_ a: [String]) -> [String] {\n    // Generate the list\nfatalError(\"elided code\")}\n"))
    }

    @Test func anEntryPointIsTheTypeMarkedMain() {
        let analysis = BlockAnalysis(code: "import Foundation\n\n@main\nstruct Tool {\n    static func main() {}\n}")
        #expect(analysis.entryPoint?.typeName == "Tool")
        #expect(analysis.entryPoint?.position.description == "3:1")
        #expect(BlockAnalysis(code: "struct Tool { @main var x = 1 }").entryPoint == nil)
    }

    @Test func memberFragmentsAreDeclarationsOnlyAMemberCanBe() {
        #expect(BlockAnalysis(code: "@State private var name = \"\"").memberFragment == MemberFragment(needsClass: false))
        #expect(BlockAnalysis(code: "mutating func f() {}\nvar x = 1").memberFragment == MemberFragment(needsClass: false))
        #expect(BlockAnalysis(code: "init(x: Int) {}").memberFragment != nil)
        #expect(BlockAnalysis(code: "@Published var x = 0").memberFragment == MemberFragment(needsClass: true))
        #expect(BlockAnalysis(code: "var x = 1\nfunc f() {}").memberFragment == nil)
        #expect(BlockAnalysis(code: "@MainActor var x = 1").memberFragment == nil)
        #expect(BlockAnalysis(code: "static var x = 1\nprint(x)").memberFragment == nil)
        #expect(BlockAnalysis(code: "mutating func f() {}\nstatic var x = 1\nvar y: Int { 2 }").memberFragment?.fitsExtension == true)
        #expect(BlockAnalysis(code: "mutating func f() {}\nvar y = 2").memberFragment?.fitsExtension == false)
        #expect(CheckedCode.rewrite("mutating func f() {}", elisions: [], fragment: MemberFragment(needsClass: false, fitsExtension: true),
                                    extending: "Counter") == "extension Counter { mutating func f() {}\n}")
        let wrapped = CheckedCode.rewrite("var x = 1\nmutating func f() { x += 1 }", elisions: [], fragment: MemberFragment(needsClass: false))
        #expect(wrapped == "struct __docent_Fragment { var x = 1\nmutating func f() { x += 1 }\n}")
    }
}

/// The uses that run when a block runs: what a value declared by a later block would be read before it is set.
@Suite struct TopLevelUseTests {
    @Test func plainUsesInTopLevelCodeNotBoundInTheBlock() {
        let code = """
            let config = Reader(provider: provider)
            print(config.provider, \\Item.count, label)
            func later() { print(unset) }
            let run = { print(alsoUnset) }
            for item in items { print(item) }
            if let value = maybe { print(value) }
            """
        let uses = BlockAnalysis(code: code).topLevelUses
        #expect(uses.map(\.name) == ["Reader", "provider", "print", "label", "items", "maybe"])
        #expect(uses.first { $0.name == "provider" }?.position.description == "1:31")
        let caught = BlockAnalysis(code: "do { try run() } catch { print(error, failure) }").topLevelUses
        #expect(caught.map(\.name) == ["run", "print", "failure"])
    }
}
