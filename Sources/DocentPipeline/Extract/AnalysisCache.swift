import DocentCore
import DocentSwift
import Foundation

/// swift-syntax's reading of snippets (`BlockAnalysis`), kept between builds in the user's cache folder beside the
/// modules, so a build whose snippets did not change parses none of them again.
///
/// ```swift
/// let cache = AnalysisCache(folder: environment.cacheDirectory)   // nil when this docent cannot name its build
/// let analysis = try cache?.analysis(of: code, limits: .standard) { try BlockAnalysis.bounded(code: code) }
/// ```
/// An entry is filed under a digest of the code, the limits and the identity of the docent build that reads it
/// (``BuildIdentity``: every file of its code, the program and its libraries), and repeats the code and the
/// identity's digest (the identity itself, two kilobytes, was two thirds of every entry a warm build decodes); an
/// entry made by any other docent build, for other code, or damaged, is never used: the code is read again and the
/// entry written anew. Refusals (code beyond the limits, too slow) are never kept.
public struct AnalysisCache: Sendable {
    /// The folder of entries (`analysis/` in the user's cache folder).
    public let directory: String
    let identity: String
    /// The identity's digest, which every entry's digest starts from.
    private let identityDigest: String

    public init?(folder: String, identity: String? = BuildIdentity.current) {
        guard let identity else { return nil }
        directory = folder + "/analysis"
        self.identity = identity
        identityDigest = SHA256.hex(Array(identity.utf8))
    }

    /// One kept reading (`kind`: what was read of the code, `analysis` or `highlight`; `identity`: the digest of the
    /// build identity that read it).
    struct Entry<Value: Codable>: Codable {
        var identity: String
        var kind: String
        var code: String
        var value: Value
    }

    /// The kept analysis of `code` within `limits`, or `analyse()`'s, kept for the next build.
    func analysis<Failure: Error>(of code: String, limits: AnalysisLimits,
                                   analyse: () throws(Failure) -> BlockAnalysis) throws(Failure) -> BlockAnalysis {
        try kept("analysis", of: code, limits: limits, read: analyse)
    }

    /// The kept highlighting of `code` (``SwiftHighlighter/painted(_:)``), or the highlighter's, kept for the next
    /// build when swift-syntax read the code; code shown plain (beyond the limits, too slow) is never kept.
    public func highlighted(_ code: String, by highlighter: SwiftHighlighter = SwiftHighlighter()) -> [[SwiftHighlighter.Span]] {
        enum Plain: Error { case shown }
        do {
            return try kept("highlight", of: code, limits: highlighter.limits) { () throws(Plain) -> [[SwiftHighlighter.Span]] in
                guard let painted = highlighter.painted(code) else { throw .shown }
                return painted
            }
        } catch {
            return highlighter.lines(code)
        }
    }

    /// The `kind` entry for `code` within `limits` if one is kept for this build and this code, else `read()`'s, kept.
    private func kept<Value: Codable, Failure: Error>(_ kind: String, of code: String, limits: AnalysisLimits,
                                                      read: () throws(Failure) -> Value) throws(Failure) -> Value {
        let path = path(for: code, kind: kind, limits: limits)
        if let data = DiskScratch().contents(path), let entry = try? JSONDecoder().decode(Entry<Value>.self, from: data),
           entry.identity == identityDigest, entry.kind == kind, entry.code == code {
            return entry.value
        }
        let value = try read()
        store(Entry(identity: identityDigest, kind: kind, code: code, value: value), at: path)
        return value
    }

    /// Where the `kind` entry for `code` within `limits` is: a digest of all three and of the identity.
    func path(for code: String, kind: String = "analysis", limits: AnalysisLimits) -> String {
        let key = SHA256.hex(Array("\(identityDigest)\n\(kind)\n\(limits)\n\(code)".utf8))
        return "\(directory)/\(key.prefix(2))/\(key).json"
    }

    /// Writes the entry through a temporary file and a rename, so a reader meets a whole entry or none; a failure
    /// (a read-only cache folder) only means the next build reads the code again. Not synced to disk (`Data.write`
    /// synced every entry, hundreds in a cold build): an entry a crash cut short is damaged, and read again.
    private func store<Value: Codable>(_ entry: Entry<Value>, at path: String) {
        guard let data = try? JSONEncoder().encode(entry) else { return }
        let temporary = "\(path).\(UUID().uuidString).tmp"
        do {
            try LocalFileSystem().createFile(data, at: temporary)
            if rename(temporary, path) != 0 { try? DiskScratch().remove(temporary) }
        } catch {
            try? DiskScratch().remove(temporary)
        }
    }
}
