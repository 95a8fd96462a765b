extension StringProtocol {
    /// The text's lines as ``TextLines`` splits them (at `\n`, `\r\n` or `\r`), terminators removed.
    /// (Swift treats `\r\n` as one `Character`, so splitting on `"\n"` alone would miss CRLF files.)
    public var markdownLines: [SubSequence] {
        let bytes = utf8
        var index = bytes.startIndex
        var offset = 0
        /// Moves forward only, so slicing every line costs one pass over the text.
        func advance(to target: Int) -> String.Index {
            index = bytes.index(index, offsetBy: target - offset)
            offset = target
            return index
        }
        return TextLines(utf8: bytes).map { line in
            let start = advance(to: line.content.lowerBound)
            return self[start..<advance(to: line.content.upperBound)]
        }
    }
}
