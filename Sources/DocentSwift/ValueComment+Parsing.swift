extension ValueComment {
    /// Reads `// => value` (spaces around `=>` optional); nil for any other comment.
    init?(_ comment: CommentScanner.LineComment, positions: SourcePositions) {
        var scanner = ByteScanner(comment.bytes, at: 2)  // past `//`
        scanner.skipSpaces()
        guard scanner.skip("=>") else { return nil }
        scanner.skipSpaces()
        let valueIndex = scanner.index
        let text = String(decoding: comment.bytes[valueIndex...], as: UTF8.self)
        let start = positions.position(utf8Offset: comment.offset)
        let value = positions.position(utf8Offset: comment.offset + valueIndex)
        self.init(
            line: start.line, commentColumn: start.column, valueColumn: value.column,
            text: text.trimmingWhitespace(), standalone: comment.standalone,
            commentOffset: start.offset, valueOffset: value.offset
        )
    }
}
