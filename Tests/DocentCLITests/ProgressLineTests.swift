import Testing
@testable import DocentCLI

@Suite("The progress line")
struct ProgressLineTests {
    @Test("a bar, the counts, and the article running longest with its time and how many others run")
    func line() {
        let line = ProgressLine(done: 5, total: 10, running: [("content/a.md", 1.25), ("content/dates/formatting.md", 12.4)])
        #expect(line.rendered(width: 100)
                == "[██████████░░░░░░░░░░] 5/10 articles · content/dates/formatting.md 12.4 s (+1)")
    }

    @Test("a long path is shortened from the left to fit; a narrow terminal drops it; nothing is longer than the width")
    func narrow() {
        let line = ProgressLine(done: 0, total: 3, running: [("content/a/very/long/path/to/an/article.md", 3)])
        let fitted = line.rendered(width: 60)
        #expect(fitted.count <= 60)
        #expect(fitted.contains("…") && fitted.hasSuffix("article.md 3.0 s"))
        #expect(line.rendered(width: 36) == "[░░░░░░░░░░░░░░░░░░░░] 0/3 articles")
        #expect(ProgressLine(done: 1, total: 1, running: []).rendered(width: 10).count == 10)
    }
}
