import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

/// The project's own `content/`: every article is a test case, so `make test` fails when an article breaks.
@Suite("The project's own articles", .tags(.compiler))
struct ProjectContentTests {
    static let repository = DocentRepository.root
    static let content = repository.appendingPathComponent("content").path

    /// Every article of `content/`, by its path as `docent` names it.
    static let articles: [String] = ((try? LocalFileSystem().files(under: content)) ?? [])
        .filter { $0.hasSuffix(".md") && !$0.hasPrefix("_") }
        .map { "content/\($0)" }

    @Test("the content folder has the tutorials", arguments: [0])
    func hasArticles(_: Int) {
        #expect(Self.articles.count >= 9)
    }

    @Test("every snippet of the article passes", arguments: articles)
    func article(_ path: String) throws {
        let reporter = RecordingReporter()
        let pipeline = Pipeline(fileSystem: LocalFileSystem(), reporter: reporter, toolchain: executeTestRunner())
        // Paths are reported as given: the absolute content folder gives absolute test names.
        let absolute = Self.repository.appendingPathComponent(path).path
        let report = try pipeline.test(TestConfiguration(contentDirectory: Self.content, filter: absolute + ":"))
        let failures = report.cases.filter(\.failed).map { FailureFormatter().format($0) }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        #expect(report.cases.allSatisfy { $0.snippet.location.path == absolute })
    }
}
