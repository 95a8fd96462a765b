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

    init(names: Set<String>) {
        self.names = names
    }

    /// Reads the names from symbol graph files (`*.symbols.json`, as `-emit-symbol-graph` writes them).
    init(symbolGraphs: [Data]) {
        struct Graph: Decodable {
            struct Symbol: Decodable { var pathComponents: [String] }
            var symbols: [Symbol]
        }
        var names: Set<String> = []
        for data in symbolGraphs {
            guard let graph = try? JSONDecoder().decode(Graph.self, from: data) else { continue }
            for symbol in graph.symbols { if let last = symbol.pathComponents.last { names.insert(last) } }
        }
        self.names = names
    }

    func contains(_ name: String) -> Bool { names.contains(name) }

    /// The known name nearest to `name`: the nearest base name (`greeting` → `greet`), then, among names of that
    /// base, the same number of arguments, the most labels in common, and the fewest edits (`update(at:with:)` →
    /// `update(_:at:)` rather than `update(with:)`); `nil` when no base is near enough to suggest.
    func closest(to name: String) -> String? {
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
