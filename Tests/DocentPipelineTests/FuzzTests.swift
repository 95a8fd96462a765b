import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

/// Property-based fuzzing of what reads the author's files: Markdown → HTML, front matter, snippet extraction
/// and the swift-syntax analysis behind it. Random articles are built from fragments that stress the parsers
/// (fences of every kind, unclosed quotes and comments, `// =>` and `// Prints` in odd places, front matter that
/// is almost right, control characters, invalid UTF-8). Every input must give a well-formed page or errors located
/// inside the file: no crash, no hang, no error without a place.
///
/// `make test` runs a bounded number of cases; `make fuzz` sets `DOCENT_FUZZ_ITERATIONS` far higher.
@Suite(.tags(.fuzz)) struct FuzzTests {
    static var iterations: Int { ProcessInfo.processInfo.environment["DOCENT_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 1000 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["DOCENT_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0xD0CE47 }

    static let fragments: [String] = [
        "---\n", "title: T\n", "date: 2026-01-02\n", "date: 2026-13-45\n", "tags: [a, b\n", "title: [\n", "...\n",
        "# Heading\n", "## Sub *em* `code`\n", "Setext\n===\n", "> quote\n", "> ```swift\n", "- item\n", "1. one\n",
        "```swift\n", "```swift hidden\n", "```swift compile-fail=\"x\n", "```swift crash\n", "```swift ignore\n",
        "```swift no-run\n", "```swift nope\n", "~~~swift\n", "````\n", "```\n", "~~~\n", "```output\n",
        "let a = 1 // => 1\n", "print(a) // Prints \"1\"\n", "// Prints \"\\\"q\\\"\\u{41}\"\n", "// =>\n",
        "let s = \"\"\"\n", "\"\"\"\n", "let r = #\"// => no\"#\n", "/* open comment\n", "*/\n", "x.y = <#value#>\n",
        "func __docent_snippet(_ i: Int) {}\n", "protocol P {}\n", "extension Int { var k: Int { 1 } }\n",
        "struct S { var x = 1 }\n", "infix operator +++\n", "#if os(Linux)\n", "#endif\n", "{\n", "}\n", "\"\n",
        "# hidden line\n", "#\n", "[link](other.md#x)\n", "![img](a.png)\n", "<div>raw</div>\n", "&amp; &#0; &#x110000;\n",
        "\u{1B}[2J", "\r\n", "\r", "\t", "\u{0}", "é\u{301}", "🧑🏽‍💻", "\u{202E}", " ", "    indented code\n", "\n",
    ]

    /// Random bytes of an article: mostly fragments, sometimes raw bytes (invalid UTF-8 included).
    static func article(_ generator: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<(1 + generator.below(40)) {
            if generator.below(10) == 0 {
                for _ in 0..<(1 + generator.below(8)) { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
            } else {
                bytes += Array(fragments[generator.below(fragments.count)].utf8)
            }
        }
        return bytes
    }

    /// What is wrong with `diagnostics` for an article whose text is `text`: each must name the file, at a line
    /// and column that exist in it (lines counted as generously as any line ending allows).
    static func misplaced(_ diagnostics: [Diagnostic], in file: SourceFile) -> [String] {
        let lines = file.text.unicodeScalars.filter { $0 == "\n" || $0 == "\r" }.count + 1
        return diagnostics.compactMap { diagnostic in
            guard let location = diagnostic.location else { return "unlocated: \(diagnostic)" }
            guard location.path == file.path else { return "in another file: \(diagnostic)" }
            guard (1...lines).contains(location.line), (1...(file.text.utf8.count + 1)).contains(location.column) else {
                return "outside the file's \(lines) lines: \(diagnostic)"
            }
            return nil
        }
    }

    /// The ways `html`, woven from an article, is not well formed: a NUL, a code block left open or closed twice,
    /// a heading without the `id` its anchor names.
    static func malformed(_ woven: WovenArticle) -> [String] {
        var problems: [String] = []
        let html = woven.html
        if html.unicodeScalars.contains("\u{0}") { problems.append("a NUL character") }
        let opened = html.components(separatedBy: "<pre").count, closed = html.components(separatedBy: "</pre>").count
        if opened != closed { problems.append("\(opened - 1) <pre> but \(closed - 1) </pre>") }
        for heading in woven.headings where !html.contains("id=\"\(heading.anchor)\"") {
            problems.append("no id=\"\(heading.anchor)\" for the heading '\(heading.text)'")
        }
        return problems
    }

    @Test("random articles give pages or located errors, never a crash, and the pages are well formed")
    func randomArticles() throws {
        var generator = SplitMix64(seed: Self.seed)
        var pages = 0, failures = 0
        for iteration in 0..<Self.iterations {
            let bytes = Self.article(&generator)
            // The loader reads text as UTF-8; invalid bytes are its error, so give the rest of the pipeline the repair.
            let text = String(decoding: bytes, as: UTF8.self)
            let file = SourceFile(path: "content/fuzz.md", relativePath: "fuzz.md", text: text)
            do {
                let article = try ContentParser.parseArticle(file)
                let extracted = try SnippetExtractor().extractWithFacts(article)
                #expect(Self.misplaced(extracted.map { .error(DiagnosticID("test.fixture"), at: $0.snippet.location, "snippet") }, in: file).isEmpty,
                        "iteration \(iteration): a snippet outside the file")
                let runs = extracted.map { _ in SnippetRun(outcome: .completed, values: [.init(line: 1, text: "1")], output: text) }
                let checked = zip(extracted, runs).map { CheckedSnippet(snippet: $0.snippet, result: ResultChecker().check($0.snippet, $1)) }
                let woven = try PageWeaver(articles: [article], assets: []).weave(article, snippets: checked)
                #expect(Self.misplaced(woven.warnings, in: file).isEmpty, "iteration \(iteration)")
                let problems = Self.malformed(woven)
                #expect(problems.isEmpty, "iteration \(iteration): \(problems)")
                pages += 1
            } catch {
                failures += 1
                let diagnostics = DiagnosticError.diagnostics(from: error)
                #expect(!diagnostics.isEmpty, "iteration \(iteration): an error without a diagnostic: \(error)")
                let problems = Self.misplaced(diagnostics, in: file)
                #expect(problems.isEmpty, "iteration \(iteration): \(problems)")
            }
        }
        // The fragments are chosen to reach both ends: a run that only ever failed (or never did) tested half of this.
        #expect(pages > 0 && failures > 0, "\(pages) pages, \(failures) failures")
    }

    /// Found by `randomArticles`: the woven snippet reaches cmark as a C string, so a NUL that a program printed ended
    /// the page there (the output's `</pre>`, the figure and the rest of the article were lost). HTML escaping now
    /// shows NUL as `␀`.
    @Test("a NUL in a program's output does not cut the page short")
    func aNULInAProgramsOutput() throws {
        let file = SourceFile(path: "content/nul.md", relativePath: "nul.md",
                              text: "---\ntitle: T\ndate: 2026-01-02\n---\n```swift\nprint(1)\n```\n\nAfter.\n")
        let article = try ContentParser.parseArticle(file)
        let extracted = try SnippetExtractor().extractWithFacts(article)
        let run = SnippetRun(outcome: .completed, values: [], output: "a\u{0}b\n")
        let checked = extracted.map { CheckedSnippet(snippet: $0.snippet, result: ResultChecker().check($0.snippet, run)) }
        let woven = try PageWeaver(articles: [article], assets: []).weave(article, snippets: checked)
        #expect(woven.html.contains("After."), "the prose after the snippet is on the page")
        #expect(Self.malformed(woven).isEmpty && woven.html.contains("</figure>"), "\(woven.html)")
        #expect(woven.html.contains("a\u{2400}b"), "the NUL is shown as ␀")
    }

    @Test("random Swift code gives an analysis, never a crash")
    func randomSwift() {
        var generator = SplitMix64(seed: Self.seed ^ 0x5157)
        for _ in 0..<Self.iterations {
            let code = String(decoding: Self.article(&generator), as: UTF8.self)
            let analysis = SnippetAnalysis(code: code)
            let facts = analysis.facts
            for declaration in facts.fileScope + facts.locals {
                #expect(declaration.start <= declaration.end && declaration.end <= code.utf8.count)
            }
        }
    }
}
