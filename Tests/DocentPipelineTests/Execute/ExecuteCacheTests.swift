import DocentCore
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// The cache of programs' outcomes is never stale: every input of the key, changed alone, runs the program again;
/// prose-only edits run nothing; a damaged entry, or one this user's key did not sign, is ignored.
@Suite struct ExecuteCacheTests {
    /// Counts compiles; a program holding `broken` fails at the first line of its last block.
    final class CountingCompiler: CompilerExecuting, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var compiles: Int { lock.withLock { count } }

        func compile(_ request: CompileRequest) throws -> CompileOutcome {
            lock.withLock { count += 1 }
            if request.program.source.contains("broken"), let last = request.program.blocks.last {
                let line = ProgramLines.encode(snippet: last.snippet, line: 1)
                return CompileOutcome(succeeded: false, messages: [.init(severity: .error, path: "content/x.md", line: line,
                                                                         column: 1, text: "cannot find 'broken' in scope")])
            }
            return CompileOutcome(succeeded: true, executable: request.program.runs ? "\(request.directory)/\(request.program.name)" : nil)
        }
    }

    /// Counts runs; each of the (at most eight) blocks prints its boundary index.
    final class CountingPrograms: ProgramExecuting, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var runs: Int { lock.withLock { count } }

        func run(_ request: RunRequest) throws -> ProgramOutcome {
            lock.withLock { count += 1 }
            var records = "", output = ""
            for index in 0..<8 {
                records += "{\"kind\":\"snippet\",\"index\":\(index),\"offset\":\(output.utf8.count)}\n"
                output += "\(index)\n"
            }
            return ProgramOutcome(termination: .exited(status: 0), output: Data(output.utf8),
                                  records: records + "{\"kind\":\"end\",\"offset\":\(output.utf8.count)}\n")
        }
    }

    let folder: String = FileManager().temporaryDirectory.appendingPathComponent("docent-program-cache-\(UUID().uuidString)").path
    let compiler = CountingCompiler()
    let programs = CountingPrograms()
    /// This test's user's key; every test has its own.
    let secret = Self.randomSecret()

    static func randomSecret() -> CacheSecret {
        CacheSecret(bytes: (0..<32).map { _ in UInt8.random(in: .min ... .max) })
    }

    struct Inputs {
        var settings = ExecutionSettings()
        var fingerprints = ToolchainFingerprints(compiler: "Swift 6.3.1", runtime: "r1", support: "s1")
        var sandboxed = true
        var docentVersion = DocentBuild.identity
        var recordFormat = RuntimeContract.recordFormat
    }

    /// Runs `article` as one build does, through `cache` (by default a fresh one that remembers for this build, as
    /// `ProgramCache.signed(with:)` makes it).
    func run(_ article: ExecuteArticle, _ inputs: Inputs = Inputs(), cache given: ProgramCache? = nil) throws -> [SnippetRun] {
        var fingerprints = inputs.fingerprints
        fingerprints.sandboxed = inputs.sandboxed
        var context = PlanContext(docentVersion: inputs.docentVersion, settings: inputs.settings, fingerprints: fingerprints,
                                  supportModule: "Support")
        context.recordFormat = inputs.recordFormat
        let planner = ArticlePlanner(articlePath: ExecuteArticle.path, records: article.records, context: context)
        let cache = given ?? ProgramCache(directory: folder + "/cache", secret: secret).remembering()
        var resolver = PlanResolver(planner: planner, compiler: CachingCompiler(base: compiler, cache: cache),
                                    directory: folder)
        return try PlanRunner(programs: CachingProgramExecutor(base: programs, cache: cache),
                              environment: ProgramEnvironment(settings: inputs.settings, path: "/usr/bin",
                                                              libfaketime: "/lib/libfaketime.so.1"),
                              directory: folder).run(&resolver, snippets: article.snippets)
    }

    static func article(firstLine: Int = 3, code: String = "let a = 1", secondMode: Snippet.Mode = .shared) -> ExecuteArticle {
        var article = ExecuteArticle(firstLine: firstLine)
        article.add(code)
        article.add(secondMode, "print(a)")
        return article
    }

    @Test func nothingChangedRunsNothingAndGivesTheSameResults() throws {
        let first = try run(Self.article())
        #expect((compiler.compiles, programs.runs) == (1, 1))
        let second = try run(Self.article())
        #expect((compiler.compiles, programs.runs) == (1, 1))
        #expect(second == first)
    }

    @Test("a warm build reads each entry from disk once: the compile and the run share what the first read found")
    func aWarmBuildReadsEachEntryOnce() throws {
        let first = try run(Self.article())
        let warm = ProgramCache(directory: folder + "/cache", secret: secret).remembering()
        let second = try run(Self.article(), cache: warm)
        #expect((compiler.compiles, programs.runs) == (1, 1))
        #expect(second == first)
        #expect(warm.memo?.reads == 1, "one program, one entry: read once, though the compile and the run both ask")
        _ = warm.load("no such key")
        _ = warm.load("no such key")
        #expect(warm.memo?.reads == 2, "a missing entry is remembered as missing too")
    }

    @Test("a build's memory of the cache is its own: the next build reads a changed entry again, and never believes a forged one")
    func theMemoryLastsOneBuild() throws {
        let cache = folder + "/cache"
        let writer = ProgramCache(directory: cache, secret: secret).remembering()
        writer.store(Self.forgedProgram, key: "k")
        #expect(writer.load("k") == Self.forgedProgram)
        #expect(writer.memo?.reads == 0, "what the build wrote is known without reading it back")
        ProgramCache(directory: cache, secret: Self.randomSecret()).store(CachedProgram(compile: CompileOutcome(succeeded: false)), key: "k")
        #expect(ProgramCache(directory: cache, secret: secret).remembering().load("k") == nil,
                "an entry signed with another key is not believed by a new build")
    }

    @Test func proseThatMovesTheCodeRunsNothingAndMapsToTheNewLines() throws {
        _ = try run(Self.article())
        let moved = Self.article(firstLine: 40)
        let runs = try run(moved)
        #expect((compiler.compiles, programs.runs) == (1, 1))
        #expect(runs.map(\.output) == ["0\n", "1\n"])
    }

    @Test("each input of the key, changed alone, runs the program again")
    func everyInputCounts() throws {
        _ = try run(Self.article())
        func again(_ article: ExecuteArticle, _ inputs: Inputs, _ what: String) throws {
            let before = programs.runs
            _ = try run(article, inputs)
            #expect(programs.runs > before, "\(what) changed: the program must run again")
        }
        try again(Self.article(code: "let a = 2"), Inputs(), "the code")
        try again(Self.article(code: "let a = 2", secondMode: .crash), Inputs(), "a block's attribute")
        var inputs = Inputs()
        inputs.settings.timeZone = "America/New_York"
        try again(Self.article(), inputs, "the time zone")
        inputs = Inputs(); inputs.settings.locale = "en_US"
        try again(Self.article(), inputs, "the locale")
        inputs = Inputs(); inputs.settings.now = Date(timeIntervalSince1970: 1_422_505_740)
        try again(Self.article(), inputs, "the frozen clock")
        inputs = Inputs(); inputs.settings.swiftVersion = 6
        try again(Self.article(), inputs, "the Swift version")
        inputs = Inputs(); inputs.settings.memoryLimit = 1 << 30
        try again(Self.article(), inputs, "the memory limit")
        inputs = Inputs(); inputs.settings.timeLimit = 3
        try again(Self.article(), inputs, "the time limit")
        inputs = Inputs(); inputs.settings.outputLimit = 4096
        try again(Self.article(), inputs, "the output limit")
        inputs = Inputs(); inputs.docentVersion = "99.0.0"
        try again(Self.article(), inputs, "docent's version")
        inputs = Inputs(); inputs.docentVersion = Pipeline.version + "+" + String(repeating: "0", count: 16)
        try again(Self.article(), inputs, "docent's execution code, under the same version number")
        inputs = Inputs(); inputs.recordFormat = RuntimeContract.recordFormat - 1
        try again(Self.article(), inputs, "the runtime's record format")
        inputs = Inputs(); inputs.fingerprints.compiler = "Swift 6.4"
        try again(Self.article(), inputs, "the compiler")
        inputs = Inputs(); inputs.fingerprints.runtime = "r2"
        try again(Self.article(), inputs, "the runtime")
        inputs = Inputs(); inputs.fingerprints.support = "s2"
        try again(Self.article(), inputs, "the support module")
        inputs = Inputs(); inputs.sandboxed = false
        try again(Self.article(), inputs, "the sandbox")
    }

    @Test func aDamagedEntryIsIgnoredAndReplaced() throws {
        _ = try run(Self.article())
        let cache = folder + "/cache"
        for name in try FileManager().contentsOfDirectory(atPath: cache) {
            var data = try Data(contentsOf: URL(fileURLWithPath: "\(cache)/\(name)"))
            data[data.count / 2] ^= 0x01
            try data.write(to: URL(fileURLWithPath: "\(cache)/\(name)"))
        }
        let runs = try run(Self.article())
        #expect(programs.runs == 2)
        #expect(runs.map(\.output) == ["0\n", "1\n"])
        _ = try run(Self.article())
        #expect(programs.runs == 2, "the replaced entry is used")
        try Data().write(to: URL(fileURLWithPath: "\(cache)/\(try FileManager().contentsOfDirectory(atPath: cache)[0])"))
        _ = try run(Self.article())
        #expect(programs.runs == 3, "a half-written (empty) entry is ignored too")
    }

    @Test("entries written by several builds at once are all whole: each is believed or rebuilt, never half-read")
    func concurrentWriters() throws {
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = try? run(Self.article()) }
        let first = programs.runs
        let runs = try run(Self.article())
        #expect(programs.runs == first, "the entry left by the racing writers is whole and used")
        #expect(runs.map(\.output) == ["0\n", "1\n"])
        let leftovers = try FileManager().contentsOfDirectory(atPath: folder + "/cache").filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary files are left behind: \(leftovers)")
    }

    @Test func aCompileFailureIsKeptToo() throws {
        _ = try run(Self.article(code: "broken"))
        let compiles = compiler.compiles
        _ = try run(Self.article(code: "broken"))
        #expect(compiler.compiles == compiles)
    }

    /// What a forger commits: the program "compiled", and its run printed what a passing article would.
    static let forgedProgram = CachedProgram(
        compile: CompileOutcome(succeeded: true),
        run: ProgramOutcome(termination: .exited(status: 0), output: Data("0\n1\n".utf8),
                            records: "{\"kind\":\"snippet\",\"index\":0,\"offset\":0}\n{\"kind\":\"snippet\",\"index\":1,\"offset\":2}\n"
                                + "{\"kind\":\"end\",\"offset\":4}\n"))

    /// An entry as docent wrote them before they were signed: the key, an unkeyed SHA-256 of the payload, the payload.
    struct UnsignedEntry: Codable {
        var key: String
        var payloadHash: String
        var payload: Data
    }

    enum Forgery: String, CaseIterable, CustomTestStringConvertible {
        case unsignedOldFormat, signedWithAnotherKey
        var testDescription: String { rawValue }
    }

    @Test("a forged entry (the old unsigned format, or signed with another key) is ignored: the program compiles again and fails",
          arguments: Forgery.allCases)
    func aForgedEntryIsNeverBelieved(_ forgery: Forgery) throws {
        let broken = Self.article(code: "broken")
        let honest = try run(broken)
        #expect(honest.contains { $0.outcome == .compileFailed })
        let (compiles, ran) = (compiler.compiles, programs.runs)
        let cache = folder + "/cache"
        let mine = ProgramCache(directory: cache, secret: secret)
        let keys = try FileManager().contentsOfDirectory(atPath: cache).map { String($0.dropLast(".json".count)) }
        let entries = keys.map { mine.load($0) }
        try #require(!keys.isEmpty && !entries.contains(nil))
        for key in keys {
            let name = key + ".json"
            try FileManager().removeItem(atPath: "\(cache)/\(name)")
            switch forgery {
            case .unsignedOldFormat:
                let payload = try JSONEncoder().encode(Self.forgedProgram)
                let entry = UnsignedEntry(key: key, payloadHash: SHA256.hex(payload), payload: payload)
                try JSONEncoder().encode(entry).write(to: URL(fileURLWithPath: "\(cache)/\(name)"))
            case .signedWithAnotherKey:
                let other = ProgramCache(directory: cache, secret: Self.randomSecret())
                other.store(Self.forgedProgram, key: key)
                #expect(other.load(key) == Self.forgedProgram, "the forged entry is sound under the key that signed it")
            }
        }
        let runs = try run(broken)
        #expect(compiler.compiles == 2 * compiles, "no forged entry may stand in for compiling")
        #expect(programs.runs == 2 * ran)
        #expect(runs.map(\.outcome) == honest.map(\.outcome), "the snippet fails as it should: \(runs)")
        #expect(keys.map { mine.load($0) } == entries, "the forged entries are replaced by honest ones")
    }

    @Test func aCacheWithoutASecretBelievesAndKeepsNothing() throws {
        let cache = folder + "/cache"
        ProgramCache(directory: cache, secret: secret).store(Self.forgedProgram, key: "k")
        #expect(ProgramCache(directory: cache).load("k") == nil)
        ProgramCache(directory: cache).store(Self.forgedProgram, key: "other")
        #expect(ProgramCache(directory: cache, secret: secret).load("other") == nil)
        #expect(ProgramCache(directory: cache, secret: secret).load("k") == Self.forgedProgram)
    }
}
