/// How much Swift docent reads with swift-syntax: a snippet beyond these is refused before it is parsed,
/// because swift-syntax's lookahead takes time exponential in the nesting of `[` and recurses on every bracket.
///
/// ```swift
/// if let refusal = AnalysisLimits.standard.refusal(for: code) { print(refusal.message) }
/// ```
public struct AnalysisLimits: Sendable, Hashable {
    /// The largest snippet, in UTF-8 bytes.
    public var maximumBytes: Int
    /// How deep `(`, `[`, `{` and string interpolations may nest, all kinds counted together.
    public var maximumDepth: Int
    /// How deep `[` may nest (other brackets between them do not reset the count): each level about
    /// doubles swift-syntax's parsing time.
    public var maximumSquareBracketDepth: Int
    /// The longest one snippet's analysis may take; a result that comes later is refused.
    public var timeLimit: Duration

    /// 256 KiB, 64 levels, 10 levels of `[`, 10 seconds: far beyond any tutorial's snippet, far below a hang.
    public static let standard = AnalysisLimits(maximumBytes: 256 * 1024, maximumDepth: 64,
                                                maximumSquareBracketDepth: 10, timeLimit: .seconds(10))

    public init(maximumBytes: Int, maximumDepth: Int, maximumSquareBracketDepth: Int, timeLimit: Duration) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumSquareBracketDepth = maximumSquareBracketDepth
        self.timeLimit = timeLimit
    }

    /// Why `code` must not be parsed, found without parsing it (size, then a scan of its brackets); `nil` when it may be.
    public func refusal(for code: String) -> AnalysisRefusal? {
        let bytes = code.utf8.count
        if bytes > maximumBytes { return .tooLarge(bytes: bytes, limit: maximumBytes) }
        var scanner = NestingScanner(Array(code.utf8), limits: self)
        return scanner.firstExcess()
    }
}
