import DocentCore
import Foundation
import DocentTestSupport
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Issue 31: Swift Testing runs a program's tests in one process, so a test that traps ends the rest. The tests it
/// kept from running run again in a fresh process (the ones with results skipped); a second trap gets a third
/// process: every test gets its own verdict.
@Suite(.tags(.compiler)) struct ExecuteTestRerunTests {
    @Test("two trapping tests: each fails with its own trap, every other test passes, none 'did not run'", arguments: [false, true])
    func twoTraps(merges: Bool) throws {
        var article = ExecuteArticle()
        article.add("""
            import Testing
            @Test func first() { #expect(1 + 1 == 2) }
            @Test func second() {
                let values: [Int?] = [nil]
                print(values[0]!)
            }
            @Test func third() { #expect(2 + 2 == 4) }
            """)
        article.add("""
            @Test func fourth() {
                let empty: [Int] = []
                print(empty[1])
            }
            @Test func fifth() { #expect(3 + 3 == 7) }
            """)
        article = ExecuteTestingTests.declaringTests(article)
        let line = { (text: String) in article.line(of: text) }
        let runs = try article.runs(merges: merges)
        let tests = runs.flatMap(\.tests)
        #expect(tests.map(\.line).sorted() == ["func first", "func second", "func third", "func fourth", "func fifth"].map(line),
                "\(runs.map(\.diagnostics))")
        let checked = zip(article.snippets, runs).map { ResultChecker().check($0, $1) }
        let failures = checked.flatMap(\.failures)
        #expect(failures.allSatisfy { !$0.message.contains("did not run") }, "\(failures)")
        #expect(failures.first { $0.location.line == line("func second") }?.message
                    .hasPrefix("test second() trapped: Fatal error: Unexpectedly found nil") == true, "\(failures)")
        #expect(failures.first { $0.location.line == line("func fourth") }?.message
                    .hasPrefix("test fourth() trapped: Fatal error: Index out of range") == true, "\(failures)")
        #expect(failures.first { $0.location.line == line("func fifth") }?.message.hasPrefix("test fifth() failed") == true)
        for passing in ["func first", "func third"] {
            #expect(!failures.contains { $0.location.line == line(passing) }, "\(passing): \(failures)")
        }
    }

}
