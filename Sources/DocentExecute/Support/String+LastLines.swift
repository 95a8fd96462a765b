extension String {
    /// Its last `count` lines (fewer when it has fewer), without blank ones: the tail of a tool's output, where a
    /// failure is usually said.
    func lastLines(_ count: Int) -> String {
        split(separator: "\n").suffix(count).joined(separator: "\n")
    }
}
