extension StringProtocol {
    /// The text's lines as cmark counts them: split at `\n`, `\r\n` or `\r`, terminators removed.
    /// (Swift treats `\r\n` as one `Character`, so splitting on `"\n"` alone would miss CRLF files.)
    /// Scans UTF-8 bytes: a line break is always a character boundary, and this is many times faster than
    /// splitting by `Character` on large files.
    public var markdownLines: [SubSequence] {
        var lines: [SubSequence] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                bytes.formIndex(after: &index)
                continue
            }
            lines.append(self[start..<index])
            bytes.formIndex(after: &index)
            if byte == 0x0D, index != bytes.endIndex, bytes[index] == 0x0A { bytes.formIndex(after: &index) }
            start = index
        }
        lines.append(self[start..<bytes.endIndex])
        return lines
    }
}
