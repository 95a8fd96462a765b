import DocentCore
import Testing
@testable import DocentExecute

/// A program that fails to compile in the merged build gives its article that compile's errors as its own compile's
/// (`MergedBuilder.Candidate.failure`) only when they surely are what the article's compile would print.
@Suite struct MergedFailureTests {
    private let candidate = MergedBuilder.Candidate(
        key: "k", program: ProgramPlan(name: "shared0", kind: .shared(segment: 0), source: "", blocks: [], runs: true,
                                       swiftVersion: 5, hiddenSites: []),
        timeLimit: 60, memoryLimit: 1 << 30, articlePath: "content/x.md")

    @Test func errorsInTheArticleAreTakenAsTheArticlesCompile() throws {
        let text = "content/x.md:100001:14: error: cannot convert value of type 'String' to specified type 'Int'\n"
            + "let x: Int = \"one\"\n             ^~~~~\n"
        let outcome = try #require(candidate.failure(status: 1, standardError: text))
        #expect(!outcome.succeeded)
        #expect(outcome.messages.map(\.line) == [100001])
        #expect(outcome.standardError == text)
        #expect(candidate.failure(status: 1, standardError: "__docent__:3:1: error: generated\n") != nil)
    }

    @Test func anythingElseIsCompiledAgainByTheArticle() {
        let located = "content/x.md:100001:14: error: cannot convert\n"
        #expect(candidate.failure(status: 137, standardError: located) == nil, "killed at its time limit")
        #expect(candidate.failure(status: 0, standardError: "") == nil)
        #expect(candidate.failure(status: 1, standardError: "error: unable to execute command: Killed\n") == nil)
        #expect(candidate.failure(status: 1, standardError: located + "ld: No space left on device\n") == nil)
        #expect(candidate.failure(status: 1, standardError: located + "error: compile command failed due to signal 6\n") == nil)
        #expect(candidate.failure(status: 1, standardError: "/tmp/work/k1/shared0.swift:2:1: error: expected\n") == nil,
                "in the program's own file, whose path the article's compile prints differently")
        #expect(candidate.failure(status: 1, standardError: located + "/tmp/work/k1/shared0.swift:9:1: note: here\n") == nil)
        #expect(candidate.failure(status: 1, standardError: "content/other.md:1:1: error: elsewhere\n") == nil)
        var unnamed = candidate
        unnamed.articlePath = ""
        #expect(unnamed.failure(status: 1, standardError: located) == nil)
    }
}
