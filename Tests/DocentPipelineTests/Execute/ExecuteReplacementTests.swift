import DocentCore
import DocentTestSupport
import Foundation
import Testing
import DocentExecute
@testable import DocentPipeline

/// A type or protocol declared again replaces the earlier one for every later snippet, as a book that grows a
/// model chapter by chapter expects.
@Suite(.tags(.compiler)) struct ExecuteReplacementTests {
    private let runner = executeTestRunner()

    @Test func aRedeclaredClassReplacesTheOldOneForEarlierDeclarationsAndLaterExtensions() throws {
        var article = ExecuteArticle()
        article.add("class Person { var residence: Residence? }\nclass Residence { var numberOfRooms = 1 }\nlet john = Person()\nprint(john.residence?.numberOfRooms ?? -1)")
        // Only Residence is declared again: the earlier Person must now hold the new one.
        article.add("class Residence {\n    var rooms: [String] = []\n    var numberOfRooms: Int { rooms.count }\n    var address: String?\n}")
        article.add("extension Residence { func describe() -> String { \"\\(numberOfRooms) rooms at \\(address ?? \"?\")\" } }\njohn.residence = Residence()\njohn.residence?.address = \"Acacia Road\"\nprint(john.residence!.describe())")
        let runs = try runner.run(article)
        #expect(runs.map(\.outcome) == [.completed, .completed, .completed], "\(runs.flatMap(\.diagnostics))")
        #expect(runs[0].output == "-1\n", "the first snippet ran with the first Residence")
        #expect(runs[2].output == "0 rooms at Acacia Road\n")
    }

    @Test func aRedeclaredProtocolReplacesTheOldOneAndAnOldConformerThatNoLongerFitsIsLeftOutOfLaterPrograms() throws {
        var article = ExecuteArticle()
        article.add("protocol Container {\n    associatedtype Item\n    var count: Int { get }\n    mutating func append(_ item: Item)\n}\nstruct Stack<Element>: Container {\n    var items: [Element] = []\n    var count: Int { items.count }\n    mutating func append(_ item: Element) { items.append(item) }\n}\nprint(Stack<Int>(items: [1, 2]).count)")
        article.add("protocol Container {\n    associatedtype Item: Equatable\n    var count: Int { get }\n    mutating func append(_ item: Item)\n    subscript(i: Int) -> Item { get }\n}")
        article.add("struct IntStack: Container {\n    var items = [3]\n    var count: Int { items.count }\n    subscript(i: Int) -> Int { items[i] }\n    mutating func append(_ item: Int) { items.append(item) }\n}\nprint(IntStack()[0])")
        article.add("print(Stack<Int>().count)")
        let runs = try runner.run(article)
        #expect(runs[0].outcome == .completed, "the old conformer compiled and ran in its own segment")
        #expect(runs[0].output == "2\n")
        #expect(runs[1].outcome == .completed)
        #expect(runs[2].outcome == .completed, "\(runs[2].diagnostics)")
        #expect(runs[2].output == "3\n")
        #expect(runs[3].outcome == .compileFailed)
        #expect(runs[3].diagnostics.map(\.id) == [ExecuteDiagnostics.ID.dependsOnOutdated])
        #expect(runs[3].diagnostics.map(\.location) == [article.snippets[3].location])
    }

    @Test func aLocalTypeThatCannotReachTheValuesAroundItGetsASegmentWithItsContextAtFileScope() throws {
        var article = ExecuteArticle()
        article.add("var total = 1\nprint(total)")
        // Declaring `total` again opens a nested scope, where a type cannot use the local `total`…
        article.add("var total = 10\ntotal += 5")
        // …so this snippet starts a segment whose program keeps the earlier snippets at file scope.
        article.add("struct Report {\n    func line() -> String { \"total is \\(total)\" }\n}\nprint(Report().line())")
        article.add("print(total + 1)")
        let runs = try runner.run(article)
        #expect(runs.map(\.outcome) == [.completed, .completed, .completed, .completed], "\(runs.flatMap(\.diagnostics))")
        #expect(runs.map(\.output) == ["1\n", "", "total is 15\n", "16\n"])
    }
}
