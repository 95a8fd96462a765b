import DocentCore
import Foundation
import Testing
@testable import DocentExecute
@testable import DocentPipeline

/// Declaration listings against a package's public API: names from symbol graphs, the closest to one missing.
@Suite("Declaration listings checked against the package's API")
struct ListingCheckTests {
    private func listing(_ code: String, firstLine: Int = 10) -> Snippet {
        var snippet = Snippet(location: SourceLocation(path: "Guides/Chunked.md", line: firstLine - 1), nodeID: 1, mode: .shared,
                              lines: code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                                  Snippet.Line(number: firstLine + $0.offset, code: String($0.element), isHidden: false)
                              })
        snippet.listing = .declarations
        return snippet
    }

    @Test("the names are the last components of the symbols' paths, read from symbol graph files")
    func symbolGraphs() {
        let graph = #"{"metadata": {}, "module": {"name": "Algorithms"}, "symbols": [{"pathComponents": ["Collection", "chunked(by:)"]}, {"pathComponents": ["ChunkedByCollection"]}], "relationships": []}"#
        let symbols = PackageSymbols(symbolGraphs: [Data(graph.utf8), Data("not json".utf8)])
        #expect(symbols.names == ["chunked(by:)", "ChunkedByCollection"])
        #expect(symbols.members == ["Collection::chunked(by:)"])
    }

    @Test("a listing of names the package has passes; one it lacks fails at the name, with the closest the package has")
    func check() throws {
        let names: Set<String> = ["chunked(by:)", "chunked(on:)", "chunks(ofCount:)", "evenlyChunked(in:)"]
        let symbols = PackageSymbols(names: names.union(["ChunksOfCountCollection"]),
                                     members: Set(names.map { PackageSymbols.member($0, of: "Collection") }))
        #expect(ListingCheck.check(listing("extension Collection {\n  func chunked(by: (Element, Element) -> Bool) -> [SubSequence]\n}"),
                                   against: symbols) == nil)
        let run = try #require(ListingCheck.check(listing("extension Collection {\n  func chunked(of count: Int) -> [SubSequence]\n  func chunk(ofCount: Int) -> Self\n}"),
                                                  against: symbols))
        #expect(run.outcome == .compileFailed)
        #expect(run.diagnostics.map { $0.location?.description ?? "" } == ["Guides/Chunked.md:11:8", "Guides/Chunked.md:12:8"])
        #expect(run.diagnostics.map(\.id) == [PackageDiagnostics.ID.listingUnknownName, PackageDiagnostics.ID.listingUnknownName])
        // The wording, once, as a golden.
        #expect(run.diagnostics.map(\.message) == ["the package has no 'chunked(of:)': the closest it has is 'chunked(on:)'",
                                                   "the package has no 'chunk(ofCount:)': the closest it has is 'chunks(ofCount:)'"])
        // Among names of the same base: the same number of arguments and the labels in common win.
        let update = PackageSymbols(names: ["update(with:)", "update(_:at:)", "updateOrAppend(_:)"])
        #expect(update.closest(to: "update(at:with:)") == "update(_:at:)")
        #expect(update.closest(to: "updateOrApend(_:)") == "updateOrAppend(_:)")
        // Nothing near: no suggestion.
        let far = try #require(ListingCheck.check(listing("func zzz()"), against: symbols))
        #expect(far.diagnostics.map(\.message) == ["the package has no 'zzz()'"])
    }

    @Test("the verdict: a listing the check failed fails, with the first error; one it passed stays skipped")
    func verdict() {
        let snippet = listing("func zzz()")
        let failed = ResultChecker().check(snippet, SnippetRun(outcome: .compileFailed, diagnostics: [
            .error(DiagnosticID("test.fixture"), at: SourceLocation(path: "Guides/Chunked.md", line: 10, column: 6), "the package has no 'zzz()'"),
        ]))
        #expect(failed.status == .failed)
        #expect(failed.failures.map(\.message) == ["does not check: the package has no 'zzz()'"])
        #expect(ResultChecker().check(snippet, SnippetRun(outcome: .skipped)).status == .ignored)
    }
}

/// The traits `swift package dump-package` reports, and what a choice of traits asks of the package.
@Suite("Package traits")
struct PackageTraitsTests {
    private let dump = #"{"name": "TraitKit", "traits": [{"name": "Polite", "enabledTraits": []}, {"name": "default", "enabledTraits": ["Polite"]}, {"name": "Loud", "description": "x", "enabledTraits": []}]}"#

    @Test("the declared traits, sorted, default apart; each choice; an unknown trait refused with the list")
    func traits() throws {
        let traits = try PackageTraits(dumpJSON: Data(dump.utf8))
        #expect(traits.declared == ["Loud", "Polite"] && traits.defaults == ["Polite"])
        #expect(try traits.enabled(for: .defaults, at: nil, package: "TraitKit") == nil)
        #expect(try traits.enabled(for: .all, at: nil, package: "TraitKit") == ["Loud", "Polite"])
        #expect(try traits.enabled(for: .named(["defaults", "Loud"]), at: nil, package: "TraitKit") == ["defaults", "Loud"])
        let problems = diagnostics { _ = try traits.enabled(for: .named(["Quiet"]), at: SourceLocation(path: "P/Package.swift"), package: "TraitKit") }
        #expect(problems.map(\.id) == [PackageDiagnostics.ID.unknownTrait])
        #expect(problems.map(\.message) == ["the package TraitKit has no trait 'Quiet'"])
        #expect(problems.first?.location?.path == "P/Package.swift")
        #expect(problems.first?.notes == ["its traits: Loud, Polite (default: Polite)"])
        #expect(try PackageTraits(dumpJSON: Data(#"{"name": "A"}"#.utf8)).declared.isEmpty)
    }

    @Test("the wrapper names the traits on its dependency, with 6.1's manifest API, only when asked")
    func wrapper() {
        #expect(!PackageLinkWrapper(dependencyFolder: "/w/p", products: ["A"]).manifest.contains("traits"))
        let chosen = PackageLinkWrapper(dependencyFolder: "/w/p", products: ["A"], traits: ["defaults", "Loud"]).manifest
        #expect(chosen.hasPrefix("// swift-tools-version:6.1"))
        #expect(chosen.contains(#".package(path: "/w/p", traits: [.defaults, "Loud"])"#))
    }
}
