import Testing
@testable import DocentSwift

/// Declaration listings: blocks of declarations without bodies, as a package's "Detailed Design" writes them,
/// against blocks that compile as they are.
@Suite struct DeclarationListingTests {
    @Test("an extension whose methods have no bodies, attributes and doc comments included, is a listing")
    func extensionOfRequirements() {
        #expect(BlockAnalysis(code: """
            extension Collection {
                /// Chunks the collection.
                @inlinable
                public func chunked(by belongInSameGroup: (Element, Element) throws -> Bool) rethrows -> [SubSequence]
            }
            """).isDeclarationListing)
    }

    @Test("a generic type with a `where` clause, whose members are requirements, is a listing")
    func typeOfRequirements() {
        #expect(BlockAnalysis(code: """
            public struct OrderedSet<Element> where Element: Hashable {
                public typealias Index = Int
                public init()
                public var count: Int { get }
                public subscript(position: Int) -> Element { get }
                @discardableResult
                mutating func append(_ item: Element) -> (inserted: Bool, index: Int)
            }
            """).isDeclarationListing)
    }

    @Test("bare requirements at top level are a listing, and so is an extension nested in `#if`")
    func topLevelRequirements() {
        #expect(BlockAnalysis(code: """
            func chunked(by: (Element, Element) -> Bool) -> [SubSequence]
            init(uncheckedUniqueElements: [Element])
            var isEmpty: Bool { get }
            var first: Element? { get set }
            subscript(bounds: Range<Int>) -> SubSequence
            """).isDeclarationListing)
        #expect(BlockAnalysis(code: "#if canImport(Foundation)\nextension Deque {\n    func f()\n}\n#endif").isDeclarationListing)
    }

    @Test("a protocol beside an extension of requirements is a listing; a protocol alone compiles and is not")
    func protocols() {
        #expect(BlockAnalysis(code: "protocol Shape {\n    associatedtype Unit\n    var area: Double { get }\n}").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "protocol Shape {\n    var area: Double { get }\n}\nextension Shape {\n    func scaled(by factor: Double) -> Self\n}")
            .isDeclarationListing)
    }

    @Test("a type written as its header alone is a listing; any other syntax error is not")
    func typeHeaders() {
        #expect(BlockAnalysis(code: "import DequeModule\n\n@frozen struct Deque<Element>").isDeclarationListing)
        #expect(BlockAnalysis(code: "public final class Box<Value>: Sendable where Value: Sendable").isDeclarationListing)
        #expect(BlockAnalysis(code: "struct Deque<Element>\nlet x = 1").isDeclarationListing == false, "a value beside it")
        #expect(BlockAnalysis(code: "struct Deque<Element>\nfunc f(x: )").isDeclarationListing == false, "another error")
        #expect(BlockAnalysis(code: "func f() -> Int {\n    return\n").isDeclarationListing == false, "a body left open")
        #expect(BlockAnalysis(code: "struct S {\n    func f()\n").isDeclarationListing == false, "a member block left open")
    }

    @Test("parameters written as their types alone, as interface listings write them, keep a listing; other gaps do not")
    func typeOnlyParameters() {
        #expect(BlockAnalysis(code: "init()\ninit<S: Sequence>(S)\ninit(`Self`)\ninit<Value>(ShareableDictionary<Element, Value>.Keys)")
            .isDeclarationListing)
        #expect(BlockAnalysis(code: "func contains(Element) -> Bool\nfunc firstIndex(of: Element) -> Index?").isDeclarationListing)
        #expect(BlockAnalysis(code: "static func == (`Self`, `Self`) -> Bool\nfunc isEqualSet(to: `Self`) -> Bool").isDeclarationListing)
        #expect(BlockAnalysis(code: "extension Keys {\n  func intersection(ShareableSet<Key>) -> Self\n}").isDeclarationListing)
        // Not a listing: a parameter whose type is left out after its colon, a call, a body.
        #expect(BlockAnalysis(code: "func contains(x: ) -> Bool").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func contains(Element) -> Bool\ncontains(1)").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func contains(Element) -> Bool { true }").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func f(_ a: Int, b) -> Int\nlet y = f(1, 2)").isDeclarationListing == false)
    }

    @Test("stored properties, enum cases and type aliases alone compile: not a listing")
    func completeDeclarations() {
        #expect(BlockAnalysis(code: "struct P { var x: Int }").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "enum E { case a, b }\ntypealias F = E").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "struct P {\n    var x: Int\n    func moved(by d: Int) -> P\n}").isDeclarationListing,
                "a stored property among requirements keeps the listing")
    }

    @Test("a method with a body among requirements makes the block code")
    func bodyAmongRequirements() {
        #expect(BlockAnalysis(code: "extension Array {\n    func first2() -> [Element]\n    func last2() -> [Element] { Array(suffix(2)) }\n}")
            .isDeclarationListing == false)
        #expect(BlockAnalysis(code: "struct S {\n    init()\n    var count: Int { 0 }\n}").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "struct S {\n    func f()\n    var count: Int { get { 0 } }\n}").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func f()\nfunc g() {}").isDeclarationListing == false)
    }

    @Test("statements, values and expressions make the block code")
    func statementsAndValues() {
        #expect(BlockAnalysis(code: "let x = 1").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "var y: Int = 0\nfunc f()").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func f()\nprint(1)").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func f()\nif true {}").isDeclarationListing == false)
    }

    @Test("imports alone, an empty block and plain functions are not listings")
    func nothingToList() {
        #expect(BlockAnalysis(code: "import Foundation").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "import Algorithms\nfunc f() -> Int { 1 }").isDeclarationListing == false)
    }

    @Test("an expectation or error-mark comment, or a syntax error, means the block is meant to be compiled")
    func commentsAndErrors() {
        #expect(BlockAnalysis(code: "func f() -> Int // => 1").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func f()\n// Prints \"1\"").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func f() // error: missing body").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func f(\nvar x: Int { get }").isDeclarationListing == false)
        #expect(BlockAnalysis(code: "func f() // a plain comment").isDeclarationListing)
    }
}
