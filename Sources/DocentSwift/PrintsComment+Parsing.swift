extension PrintsComment {
    /// Reads `// Prints "text"` (`Prints` in any case, then a double-quoted Swift string and nothing else);
    /// nil for any other comment, such as `// Prints the sum` or `// Prints:`.
    init?(_ comment: CommentScanner.LineComment, positions: SourcePositions) {
        var scanner = ByteScanner(comment.bytes, at: 2)  // past `//`
        scanner.skipSpaces()
        guard scanner.skip("prints", caseInsensitive: true), scanner.skipSpaces() > 0 else { return nil }
        let quoteIndex = scanner.index
        guard let text = scanner.readQuotedString() else { return nil }
        let endIndex = scanner.index
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        let start = positions.position(utf8Offset: comment.offset)
        let quoteStart = positions.position(utf8Offset: comment.offset + quoteIndex)
        let quoteEnd = positions.position(utf8Offset: comment.offset + endIndex)
        self.init(
            line: start.line, commentColumn: start.column, quoteStart: quoteStart.column, quoteEnd: quoteEnd.column,
            text: text, standalone: comment.standalone, commentOffset: start.offset,
            quoteStartOffset: quoteStart.offset, quoteEndOffset: quoteEnd.offset
        )
    }
}
