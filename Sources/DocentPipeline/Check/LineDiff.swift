/// A line-by-line diff of two texts (longest common subsequence), for showing how output differs.
struct LineDiff {
    /// One line of the diff: kept, only expected (`-`), or only actual (`+`).
    enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// Past this many cells the table is not built; every line is shown as removed, then added.
    static let maximumCells = 4_000_000

    static func lines(from expected: String, to actual: String) -> [Line] {
        let old = expected.isEmpty ? [] : expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.isEmpty ? [] : actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard (old.count + 1) * (new.count + 1) <= maximumCells else {
            return old.map(Line.removed) + new.map(Line.added)
        }
        // common[i][j]: length of the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var common = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i * width + j] = old[i] == new[j] ? common[(i + 1) * width + j + 1] + 1
                    : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[(i + 1) * width + j] >= common[i * width + j + 1] {
                result.append(.removed(old[i]))
                i += 1
            } else {
                result.append(.added(new[j]))
                j += 1
            }
        }
        return result
    }

    /// The diff as text: ` kept`, `-expected`, `+actual`, one per line.
    static func render(from expected: String, to actual: String) -> [String] {
        lines(from: expected, to: actual).map { line in
            switch line {
            case .same(let text): " \(text)"
            case .removed(let text): "-\(text)"
            case .added(let text): "+\(text)"
            }
        }
    }
}
