@testable import DocentSwift

/// Builds expected positions from a line and a byte column, working out the offset on its own.
enum TestPositions {
    /// The position at `line:column` (1-based, column in UTF-8 bytes) of `code`.
    static func at(_ line: Int, _ column: Int, in code: String) -> Position {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let before = lines.prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 }
        return Position(line: line, column: column, offset: before + column - 1)
    }
}
