import DocentCore
import DocentSwift
import Foundation
import Testing
@testable import DocentPipeline

@Suite("Analysis cache: swift-syntax's reading of a snippet is kept between builds, keyed on the code, the limits and docent's build")
struct AnalysisCacheTests {
    /// Reads `code` through `cache`, counting the readings that were not kept ones.
    final class Counter {
        var readings = 0
    }

    func read(_ code: String, _ cache: AnalysisCache, limits: AnalysisLimits = .standard, counting counter: Counter) -> BlockAnalysis {
        cache.analysis(of: code, limits: limits) {
            counter.readings += 1
            return BlockAnalysis(code: code)
        }
    }

    @Test("a kept reading is reused; other code, other limits or another docent build reads again")
    func keys() throws {
        let folder = try TemporaryFolder()
        let counter = Counter()
        let cache = try #require(AnalysisCache(folder: folder.path, identity: "build A"))
        let code = "let answer = 6 * 7 // => 42"
        let first = read(code, cache, counting: counter)
        #expect(read(code, cache, counting: counter) == first)
        #expect(counter.readings == 1)
        #expect(first == BlockAnalysis(code: code))

        _ = read(code + "\n", cache, counting: counter)
        #expect(counter.readings == 2, "changed code")
        var stricter = AnalysisLimits.standard
        stricter.maximumDepth = 8
        _ = read(code, cache, limits: stricter, counting: counter)
        #expect(counter.readings == 3, "other limits")
        let other = try #require(AnalysisCache(folder: folder.path, identity: "build B"))
        _ = read(code, other, counting: counter)
        #expect(counter.readings == 4, "another docent build")
        #expect(AnalysisCache(folder: folder.path, identity: nil) == nil, "no identity, no cache")
    }

    @Test("a damaged entry, or one holding another code's reading, is read again and written anew")
    func damaged() throws {
        let folder = try TemporaryFolder()
        let counter = Counter()
        let cache = try #require(AnalysisCache(folder: folder.path, identity: "build A"))
        let code = "let a = 1 // => 1", other = "let b = 2 // => 2"
        let path = cache.path(for: code, limits: .standard)
        _ = read(code, cache, counting: counter)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(read(code, cache, counting: counter) == BlockAnalysis(code: code))
        #expect(counter.readings == 2)
        #expect(read(code, cache, counting: counter) == BlockAnalysis(code: code))
        #expect(counter.readings == 2, "written anew")

        // Another code's entry put in its place is not taken for this code's.
        _ = read(other, cache, counting: counter)
        try FileManager().removeItem(atPath: path)
        try FileManager().copyItem(atPath: cache.path(for: other, limits: .standard), toPath: path)
        #expect(read(code, cache, counting: counter) == BlockAnalysis(code: code))
        #expect(counter.readings == 4)
    }

    @Test("Extract through the cache gives the same snippets as without it, cold and warm")
    func extract() throws {
        let folder = try TemporaryFolder()
        let article = try parsedArticle("""
        ---
        title: T
        date: 2026-01-02
        ---

        ```swift
        struct Point { var x = 1 }
        let p = Point() // => Point(x: 1)
        print(p.x) // Prints "1"
        ```

        ```swift compile-fail
        let n: Int = "a" // Error
        ```

        """)
        let plain = try SnippetExtractor().extractWithFacts(article)
        let cache = try #require(AnalysisCache(folder: folder.path, identity: "build A"))
        #expect(try SnippetExtractor(analysisCache: cache).extractWithFacts(article) == plain)
        #expect(!(try FileManager().subpathsOfDirectory(atPath: cache.directory)).filter { $0.hasSuffix(".json") }.isEmpty)
        #expect(try SnippetExtractor(analysisCache: cache).extractWithFacts(article) == plain)
    }

    @Test("highlighting is kept as the highlighter paints it; code it shows plain (beyond the limits) is never kept")
    func highlighting() throws {
        let folder = try TemporaryFolder()
        let cache = try #require(AnalysisCache(folder: folder.path, identity: "build A"))
        let code = "let s = \"a\\(1)\" // => \"a1\"\nfunc f() {}"
        let expected = SwiftHighlighter().lines(code)
        #expect(cache.highlighted(code) == expected)
        let path = cache.path(for: code, kind: "highlight", limits: .standard)
        #expect(FileManager().fileExists(atPath: path))
        #expect(cache.highlighted(code) == expected, "warm")
        #expect(cache.path(for: code, limits: .standard) != path, "an analysis and a highlighting of one code are apart")
        // A kept highlighting of other code put in its place is not taken for this code's.
        let other = "let t = 2"
        _ = cache.highlighted(other)
        try FileManager().removeItem(atPath: path)
        try FileManager().copyItem(atPath: cache.path(for: other, kind: "highlight", limits: .standard), toPath: path)
        #expect(cache.highlighted(code) == expected)

        let deep = String(repeating: "[", count: 12) + String(repeating: "]", count: 12)
        #expect(cache.highlighted(deep) == SwiftHighlighter().lines(deep))
        #expect(!FileManager().fileExists(atPath: cache.path(for: deep, kind: "highlight", limits: .standard)))

        var snippet = Snippet(location: SourceLocation(path: "content/x.md", line: 1, column: 1), nodeID: 1, mode: .shared,
                              language: "swift", lines: [.init(number: 2, code: "let a = 1", isHidden: false),
                                                         .init(number: 3, code: "print(a) // 1", isHidden: false)])
        snippet.expectedValues = []
        #expect(SnippetMarkup.pieces(of: snippet, highlights: cache) == SnippetMarkup.pieces(of: snippet))
        #expect(SnippetMarkup.pieces(of: snippet, highlights: cache) == SnippetMarkup.pieces(of: snippet), "warm")
    }

    @Test("a code beyond the limits is refused through the cache as without it, and nothing is kept")
    func refusal() throws {
        let folder = try TemporaryFolder()
        let cache = try #require(AnalysisCache(folder: folder.path, identity: "build A"))
        let code = String(repeating: "[", count: 12) + String(repeating: "]", count: 12)
        let location = SourceLocation(path: "content/x.md", line: 3, column: 1)
        let locate = { (_: Int, _: Int) in location }
        let message = { (cache: AnalysisCache?) -> [String] in
            do {
                _ = try SnippetAnalysis(code: code, of: location, cache: cache, locate: locate)
                return []
            } catch {
                return DiagnosticError.diagnostics(from: error).map(\.message)
            }
        }
        #expect(!message(nil).isEmpty)
        #expect(message(cache) == message(nil))
        #expect(!FileManager().fileExists(atPath: cache.directory))
    }

    @Test("docent's build identity names every executable file mapped, by path, inode, size and time; a changed file changes it")
    func identity() throws {
        let folder = try TemporaryFolder()
        try folder.write(["bin/docent": "program", "lib/libx.so": "library", "data/table": "data"])
        let maps = """
        55d0a0000000-55d0a0100000 r--p 00000000 08:01 1 \(folder.path)/bin/docent
        55d0a0100000-55d0a0200000 r-xp 00100000 08:01 1 \(folder.path)/bin/docent
        7f0000000000-7f0000100000 r-xp 00000000 08:01 2                          \(folder.path)/lib/libx.so
        7f0000200000-7f0000300000 r--p 00000000 08:01 3 \(folder.path)/data/table
        7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0 [stack]
        """
        try folder.write(["maps": maps])
        let first = try #require(BuildIdentity.read(maps: "\(folder.path)/maps"))
        #expect(first.split(separator: "\n").count == 2, "the program and the library; not data, not the stack")
        #expect(first.contains("/bin/docent ") && first.contains("/lib/libx.so ") && !first.contains("table"))
        #expect(BuildIdentity.read(maps: "\(folder.path)/maps") == first)
        try FileManager().setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
                                        ofItemAtPath: "\(folder.path)/lib/libx.so")
        #expect(BuildIdentity.read(maps: "\(folder.path)/maps") != first, "a library changed")
        try folder.write(["maps": maps + "\n7f0000400000-7f0000500000 r-xp 00000000 08:01 4 \(folder.path)/bin/docent (deleted)"])
        #expect(BuildIdentity.read(maps: "\(folder.path)/maps") == nil, "a program replaced while it runs has no identity")
        #expect(BuildIdentity.stable(maps: "\(folder.path)/maps") == nil, "unreadable")
        #if os(Linux)
        let current = try #require(BuildIdentity.current)
        #expect(current.contains("libswiftCore.so "), "the whole of /proc/self/maps, past its first page")
        let long = (0..<200).map { "7f0000\($0)000-7f0000\($0)100 r--p 00000000 08:01 3 \(folder.path)/data/table" }
        try folder.write(["maps": (long + [maps]).joined(separator: "\n")])
        #expect(BuildIdentity.read(maps: "\(folder.path)/maps")?.contains("/lib/libx.so ") == true)
        #endif
    }
}
