extension StringProtocol {
    /// The text's lines as cmark counts them: split at `\n`, `\r\n` or `\r`, terminators removed.
    /// (Swift treats `\r\n` as one `Character`, so splitting on `"\n"` alone would miss CRLF files.)
    public var markdownLines: [SubSequence] {
        split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
