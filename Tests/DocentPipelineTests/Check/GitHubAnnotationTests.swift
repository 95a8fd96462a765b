import DocentCore
import Testing
@testable import DocentPipeline

/// Issue 33: failures as GitHub workflow commands, escaped as the Actions toolkit's `toCommandValue`/`escapeData`
/// and `escapeProperty` escape them.
@Suite("GitHub annotations")
struct GitHubAnnotationTests {
    @Test("a located error is ::error with file, line, col and title; notes follow the message on escaped line breaks")
    func locatedError() {
        let diagnostic = Diagnostic.error(DiagnosticID("test.fixture"), at: SourceLocation(path: "Guides/a,b.md", line: 12, column: 5), "value differs",
                                          notes: ["expected: 3", "actual:   2"])
        #expect(GitHubAnnotation.line(for: diagnostic, title: "docent test Guides/a,b.md:11")
                == "::error file=Guides/a%2Cb.md,line=12,col=5,title=docent test Guides/a%2Cb.md%3A11::value differs%0Aexpected: 3%0Aactual:   2")
    }

    @Test("data escapes %, \\r and \\n only; properties also : and ,")
    func escaping() {
        #expect(GitHubAnnotation.escapeData("50% a:b,c\r\nd") == "50%25 a:b,c%0D%0Ad")
        #expect(GitHubAnnotation.escapeProperty("50% a:b,c\r\nd") == "50%25 a%3Ab%2Cc%0D%0Ad")
        // `%` first, so an escape already in the text is not read back as a character.
        #expect(GitHubAnnotation.escapeProperty("%3A") == "%253A")
    }

    @Test("a warning is ::warning; no location, no file; a snippet's line 0 (its fence) is line 1")
    func severitiesAndLines() {
        #expect(GitHubAnnotation.line(for: .warning(DiagnosticID("test.fixture"), at: nil, "no test case matches"), title: "docent")
                == "::warning title=docent::no test case matches")
        #expect(GitHubAnnotation.line(for: .error(DiagnosticID("test.fixture"), at: SourceLocation(path: "Snippets/A.swift", line: 0, column: 1), "x"), title: "t",
                                      file: "pkg/Snippets/A.swift")
                == "::error file=pkg/Snippets/A.swift,line=1,col=1,title=t::x")
    }
}
