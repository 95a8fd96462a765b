import DocentCore
import DocentSwift
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Issue 32: a listed member is checked as a member of the type the listing declares it in, not as a name anywhere
/// in the package: `ShareableSet`'s members do not pass because `TreeSet` (its new name) has them.
@Suite("Declaration listings: members are checked in their type")
struct ListingParentTests {
    private let symbols = PackageSymbols(symbolGraphs: [Data(#"""
        {"symbols": [{"pathComponents": ["TreeSet"]}, {"pathComponents": ["TreeSet", "insert(_:)"]},
                     {"pathComponents": ["TreeSet", "contains(_:)"]}, {"pathComponents": ["TreeSet", "Index"]},
                     {"pathComponents": ["Deque"]}, {"pathComponents": ["Deque", "append(_:)"]},
                     {"pathComponents": ["Collection", "chunked(by:)"]}, {"pathComponents": ["merge(_:_:)"]}]}
        """#.utf8)])

    private func check(_ code: String) -> [Diagnostic] {
        var snippet = Snippet(location: SourceLocation(path: "Guides/Sets.md", line: 9), nodeID: 1, mode: .shared,
                              lines: code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                                  Snippet.Line(number: 10 + $0.offset, code: String($0.element), isHidden: false)
                              })
        snippet.listing = .declarations
        return ListingCheck.check(snippet, against: symbols)?.diagnostics ?? []
    }

    @Test("the parser names each member's type: nested types, extensions of qualified or generic types, top level")
    func parents() {
        let names = ListedDeclarations.names(in: """
            struct Outer {
              struct Inner { func f() }
              var g: Int { get }
            }
            extension Swift.Collection where Element: Equatable { func h() }
            extension Array<Int> { func k() }
            func top()
            """)
        #expect(names.map { "\($0.parent ?? "-") \($0.name)" }
                == ["- Outer", "Outer Inner", "Inner f()", "Outer g", "- Collection", "Collection h()", "- Array", "Array k()", "- top()"])
    }

    @Test("members of the right type pass, at any depth; a top-level function passes by its name")
    func passes() {
        #expect(check("struct TreeSet {\n  func insert(_ x: Int)\n  struct Index {}\n}").isEmpty)
        #expect(check("extension TreeSet {\n  func contains(_ x: Int) -> Bool\n}").isEmpty)
        #expect(check("extension Collection where Element: Equatable {\n  func chunked(by: (Element, Element) -> Bool) -> [SubSequence]\n}").isEmpty)
        #expect(check("func merge(_ a: Int, _ b: Int)").isEmpty)
    }

    @Test("a member the package has only in another type fails at it, by ID, naming where the package has it")
    func wrongType() throws {
        let diagnostics = check("extension ShareableSet {\n  func insert(_ x: Int)\n  func append(_ x: Int)\n}")
        #expect(diagnostics.map(\.id) == [DiagnosticID("package.listing.not-a-member"), DiagnosticID("package.listing.not-a-member")])
        #expect(diagnostics.map { $0.location?.description ?? "" } == ["Guides/Sets.md:11:8", "Guides/Sets.md:12:8"])
        #expect(diagnostics.first?.message == "the package has no 'insert(_:)' in 'ShareableSet': it has it in 'TreeSet'")
        let inDeque = check("struct Deque {\n  func contains(_ x: Int) -> Bool\n  func appends(_ x: Int)\n}")
        #expect(inDeque.map(\.message) == ["the package has no 'contains(_:)' in 'Deque': it has it in 'TreeSet'",
                                           "the package has no 'appends(_:)': the closest it has is 'append(_:)'"])
    }
}
