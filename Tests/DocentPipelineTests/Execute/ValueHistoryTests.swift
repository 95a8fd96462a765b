import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

/// A line's value history, compiled and run for real: a short loop keeps every value, a long one its first values and
/// its last, and a function's body counts only its own snippet's calls, with later snippets' calls kept apart.
@Suite(.tags(.compiler)) struct ValueHistoryTests {
    private let runner = executeTestRunner()

    @Test func loopsKeepTheirValuesAndLaterCallsAreKeptApart() throws {
        var article = ExecuteArticle()
        article.add("""
            let styles = ["short", "medium", "long", "full", "none"]
            for style in styles {
                let shown = style.uppercased()
            }
            var sum = 0
            for n in 1...1000 {
                sum += n
            }
            func farewell(_ name: String) -> String {
                let text = "Bye, " + name
                return text
            }
            let first = farewell("Ann")
            """)
        article.add("""
            for name in ["Bo", "Cy", "Di"] {
                let said = farewell(name)
            }
            """)
        let runs = try runner.run(article)
        #expect(runs.map(\.outcome) == [.completed, .completed], "\(runs.flatMap(\.diagnostics))")
        func value(_ text: String) -> SnippetResult.LineValue? {
            runs[0].values.first { $0.line == article.line(of: text) }
        }

        let shown = try #require(value("let shown"))
        #expect(shown.count == 5)
        #expect(shown.history.map(\.ordinal) == [1, 2, 3, 4, 5])
        #expect(shown.history.map(\.text) == ["\"SHORT\"", "\"MEDIUM\"", "\"LONG\"", "\"FULL\"", "\"NONE\""])

        let sum = try #require(value("sum += n"))
        #expect(sum.count == 1000)
        #expect(sum.text == "500500")
        #expect(sum.history.map(\.ordinal) == Array(1...19) + [1000])
        #expect(sum.history.prefix(3).map(\.text) == ["1", "3", "6"])

        // The body ran once for its own snippet's call and three times for the later snippet's.
        let text = try #require(value("let text"))
        #expect(text.count == 1)
        #expect(text.text == "\"Bye, Ann\"")
        #expect(text.elsewhere == [.init(snippet: 1, count: 3, values: [.init(ordinal: 1, text: "\"Bye, Bo\""),
                                                                         .init(ordinal: 2, text: "\"Bye, Cy\""),
                                                                         .init(ordinal: 3, text: "\"Bye, Di\"")])])
        #expect(runs[1].values.first { $0.line == article.line(of: "let said") }?.count == 3)
    }

    @Test func aFunctionOnlyLaterSnippetsCallShowsNoValueOfItsOwn() throws {
        var article = ExecuteArticle()
        article.add("func twice(_ n: Int) -> Int {\n    let doubled = n * 2\n    return doubled\n}")
        article.add("let four = twice(2)\nlet six = twice(3)")
        let runs = try runner.run(article)
        #expect(runs.map(\.outcome) == [.completed, .completed], "\(runs.flatMap(\.diagnostics))")
        let doubled = try #require(runs[0].values.first { $0.line == article.line(of: "let doubled") })
        #expect(doubled.count == 0)
        #expect(doubled.isOnlyElsewhere)
        #expect(doubled.elsewhere.map(\.count) == [2])
        #expect(doubled.elsewhere.first?.values.map(\.text) == ["4", "6"])
    }
}
