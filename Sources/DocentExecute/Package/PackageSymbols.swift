import Foundation

/// The public API of a built package, as its symbol graphs name it (`chunked(by:)`, `Deque`, `count`): what a
/// declaration listing in its documentation is checked against, with the closest name for one it lacks.
///
/// ```swift
/// let symbols = PackageSymbols(names: ["chunked(by:)", "chunked(on:)"])
/// symbols.closest(to: "chunks(by:)")   // "chunked(by:)"
/// ```
struct PackageSymbols: Sendable, Hashable, Codable {
    /// Every symbol's name, the last component of its path.
    var names: Set<String>
    /// Every member by the type it is declared in, as `Collection::chunked(by:)` (the last two components of its
    /// path): a listed member must be the listed type's.
    var members: Set<String> = []

    init(names: Set<String>, members: Set<String> = []) {
        self.names = names
        self.members = members
    }

    /// Reads the names from symbol graph files (`*.symbols.json`, as `-emit-symbol-graph` writes them).
    init(symbolGraphs: [Data]) {
        struct Graph: Decodable {
            struct Symbol: Decodable { var pathComponents: [String] }
            var symbols: [Symbol]
        }
        var names: Set<String> = []
        var members: Set<String> = []
        for data in symbolGraphs {
            guard let graph = try? JSONDecoder().decode(Graph.self, from: data) else { continue }
            for symbol in graph.symbols {
                guard let last = symbol.pathComponents.last else { continue }
                names.insert(last)
                if symbol.pathComponents.count >= 2 { members.insert(Self.member(last, of: symbol.pathComponents[symbol.pathComponents.count - 2])) }
            }
        }
        self.names = names
        self.members = members
    }

    func contains(_ name: String) -> Bool { names.contains(name) }

    /// Whether the package has `name` as a member of a type named `parent` (any type of that name, nested or not);
    /// at top level (`parent` nil), whether it has the name at all.
    func contains(_ name: String, in parent: String?) -> Bool {
        guard let parent else { return names.contains(name) }
        return members.contains(Self.member(name, of: parent))
    }

    /// The types that have a member named `name`, sorted.
    func parents(of name: String) -> [String] {
        members.compactMap { entry in
            guard let range = entry.range(of: "::"), entry[range.upperBound...] == name else { return nil }
            return String(entry[..<range.lowerBound])
        }.sorted()
    }

    /// The members of `parent`, by name.
    func names(in parent: String) -> Set<String> {
        Set(members.compactMap { entry in
            entry.hasPrefix(parent + "::") ? String(entry.dropFirst(parent.count + 2)) : nil
        })
    }

    static func member(_ name: String, of parent: String) -> String { "\(parent)::\(name)" }

    /// The known name nearest to `name`: the nearest base name (`greeting` → `greet`), then, among names of that
    /// base, the same number of arguments, the most labels in common, and the fewest edits (`update(at:with:)` →
    /// `update(_:at:)` rather than `update(with:)`); `nil` when no base is near enough to suggest.
    func closest(to name: String, among candidates: Set<String>? = nil) -> String? {
        let names = candidates ?? self.names
        func base(_ text: String) -> [Character] { Array(text.prefix { $0 != "(" }) }
        func labels(_ text: String) -> [String] {
            guard let open = text.firstIndex(of: "(") else { return [] }
            return text[text.index(after: open)...].split(separator: ":").map(String.init).filter { $0 != ")" }
        }
        let wanted = base(name)
        let wantedLabels = labels(name)
        let scored = names.map { candidate -> (String, Int, Int, Int, Int) in
            let theirs = labels(candidate)
            return (candidate, Self.distance(wanted, base(candidate)), abs(theirs.count - wantedLabels.count),
                    -Set(theirs).subtracting(["_"]).intersection(wantedLabels).count, Self.distance(Array(name), Array(candidate)))
        }
        guard let best = scored.min(by: { ($0.1, $0.2, $0.3, $0.4, $0.0) < ($1.1, $1.2, $1.3, $1.4, $1.0) }),
              best.1 <= max(2, wanted.count / 2) else { return nil }
        return best.0
    }

    /// Levenshtein distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
