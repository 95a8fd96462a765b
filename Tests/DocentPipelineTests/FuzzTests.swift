import DocentCore
import DocentTestSupport
import Foundation
import Testing
@testable import DocentPipeline

/// Property-based fuzzing of what reads the author's files: Markdown → HTML, front matter, snippet extraction
/// and the swift-syntax analysis behind it. Random articles are built from fragments that stress the parsers
/// (fences of every kind, unclosed quotes and comments, `// =>` and `// Prints` in odd places, front matter that
/// is almost right, control characters, invalid UTF-8). Every input must give a page or located errors: no
/// crash, no hang, and text that is valid UTF-8.
///
/// `make test` runs a bounded number of cases; `make fuzz` sets `DOCENT_FUZZ_ITERATIONS` far higher.
@Suite struct FuzzTests {
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

    @Test("random articles give pages or located errors, never a crash, always valid UTF-8")
    func randomArticles() throws {
        var generator = SplitMix64(seed: Self.seed)
        for iteration in 0..<Self.iterations {
            let bytes = Self.article(&generator)
            // The loader reads text as UTF-8; invalid bytes are its error, so give the rest of the pipeline the repair.
            let text = String(decoding: bytes, as: UTF8.self)
            let file = SourceFile(path: "content/fuzz.md", relativePath: "fuzz.md", text: text)
            do {
                let article = try ContentParser.parseArticle(file)
                let extracted = (try? SnippetExtractor().extractWithFacts(article)) ?? []
                let runs = extracted.map { _ in SnippetRun(outcome: .completed, values: [.init(line: 1, text: "1")], output: text) }
                let checked = zip(extracted, runs).map { CheckedSnippet(snippet: $0.snippet, result: ResultChecker().check($0.snippet, $1)) }
                if let woven = try? PageWeaver(articles: [article], assets: []).weave(article, snippets: checked) {
                    #expect(String(validatingUTF8: woven.html) != nil || woven.html.isEmpty, "iteration \(iteration)")
                }
            } catch {
                let diagnostics = DiagnosticError.diagnostics(from: error)
                #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.location?.path == "content/fuzz.md" },
                        "iteration \(iteration): \(diagnostics)")
            }
        }
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
