extension Snippet {
    /// The column, in the block's own code, of a column of ``checkedCode`` (1-based UTF-8, on code line `line`, which
    /// both share): where Docent's rewrite changed the line (a member fragment's `struct __docent_Fragment { ` before
    /// its first line, `fatalError("elided code")` for a `...`), a column after the change moves back by what the
    /// rewrite added, and one inside the change is where the text it replaced starts.
    public func codeColumn(ofCheckedColumn column: Int, line: Int) -> Int {
        guard let checkedCode, lines.indices.contains(line - 1) else { return column }
        let checkedLines = checkedCode.split(separator: "\n", omittingEmptySubsequences: false)
        guard checkedLines.indices.contains(line - 1) else { return column }
        let checked = Array(checkedLines[line - 1].utf8)
        let own = Array(lines[line - 1].code.utf8)
        guard checked != own else { return column }
        // The end first: text before the line (a fragment's opening) must not match a prefix of the line's own.
        let shorter = min(checked.count, own.count)
        var suffix = 0
        while suffix < shorter, checked[checked.count - 1 - suffix] == own[own.count - 1 - suffix] { suffix += 1 }
        var prefix = 0
        while prefix < shorter - suffix, checked[prefix] == own[prefix] { prefix += 1 }
        let index = column - 1
        if index < prefix { return column }
        if index >= checked.count - suffix { return own.count - (checked.count - index) + 1 }
        return prefix + 1
    }
}
