import Testing
@testable import DocentSwift

/// The names a declaration listing declares, as a symbol graph writes them, with where each is written.
@Suite struct ListedDeclarationsTests {
    private func names(_ code: String) -> [String] { ListedDeclarations.names(in: code).map(\.name) }

    @Test("functions, initialisers and subscripts by argument labels; properties and types by name")
    func names() {
        #expect(names("func chunked(by belongInSameGroup: (Element, Element) -> Bool) -> [SubSequence]") == ["chunked(by:)"])
        #expect(names("func rotate(toStartAt index: Index) -> Index\nfunc f(_ a: Int, _ b: Int)") == ["rotate(toStartAt:)", "f(_:_:)"])
        #expect(names("init()\ninit<S: Sequence>(S)\ninit(uncheckedUniqueElements elements: [Element])")
                == ["init()", "init(_:)", "init(uncheckedUniqueElements:)"])
        #expect(names("subscript(position: Int) -> Element { get }\nsubscript(key key: Key) -> Value? { get }")
                == ["subscript(_:)", "subscript(key:)"])
        #expect(names("static func == (lhs: Self, rhs: Self) -> Bool") == ["==(_:_:)"])
        #expect(names("var count: Int { get }\nvar first, last: Element?") == ["count", "first", "last"])
        #expect(names("public struct Deque<Element> {\n  init()\n}") == ["Deque", "init()"])
    }

    @Test("an extension names its extended type apart, and its members; positions are the names'")
    func extensions() {
        let listed = ListedDeclarations.names(in: "extension Collection {\n  func chunked(on: (Element) -> Int) -> [SubSequence]\n}")
        #expect(listed.map(\.name) == ["Collection", "chunked(on:)"])
        #expect(listed.map(\.isExtendedType) == [true, false])
        #expect(listed.map { "\($0.line):\($0.column)" } == ["1:11", "2:8"])
    }
}
