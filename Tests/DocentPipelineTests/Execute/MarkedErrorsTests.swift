import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

/// Lines whose comments say they are errors, compiled and run for real: a failure on such a line passes as an
/// expected failure, the rest of the snippet still runs, and a marked line that works is a failure.
@Suite(.tags(.compiler)) struct MarkedErrorsTests {
    static let article = """
        # Marks

        ```swift
        let languageName = "Swift"
        languageName = "Swift++"
        // This is a compile-time error: languageName cannot be changed.
        print(languageName)
        ```

        ```swift
        print(languageName.count)
        // Prints "5"
        ```

        ```swift
        let a = [1, 2]
        let b = a[5] // this triggers a runtime error
        ```

        ```swift
        print(true < false) // Error: Can't use < to compare Boolean values.
        ```

        ```swift
        let x = 1 // Error
        print(x)
        ```

        ```swift
        let y: Int = "no"
        let z = 2 // Error
        ```

        ```swift
        print("after")
        ```

        """

    @Test func marksMakeFailuresExpectedAndAMarkedLineThatWorksFails() throws {
        let folder = try TemporaryFolder().write(["content/a.md": Self.article])
        let report = try Pipeline(fileSystem: LocalFileSystem(), reporter: RecordingReporter(), toolchain: executeTestRunner())
            .test(TestConfiguration(contentDirectory: "\(folder.path)/content"))
        let results = report.cases.map(\.result)
        #expect(results.map(\.status) == [.expectedFailure, .passed, .expectedFailure, .expectedFailure, .failed, .failed,
                                          .passed], "\(results.map(\.failures))")
        #expect(results[0].output == "Swift\n", "the rest of the snippet ran without the marked line")
        #expect(results[0].diagnostics.first?.location?.line == 5)
        #expect(results[0].diagnostics.first?.message.contains("'let' constant") == true)
        #expect(results[1].output == "5\n", "a later snippet sees what the snippet with the marked line declared")
        #expect(results[2].trapped)
        #expect(results[4].failures.map(\.message) == ["its comment says line 25 is an error, but it ran"])
        #expect(results[4].failures.first?.location.line == 25)
        #expect(results[5].failures.first?.message.hasSuffix("(on a line no comment marks as an error)") == true)
        #expect(results[5].failures.first?.location.line == 30)
        #expect(report.summaryLine == "5 passed (3 as expected failures), 2 failed")
        #expect(JUnitWriter().xml(for: report).contains("<property name=\"docent.expected-failures\" value=\"3\"/>"))
    }
}
