/// Why docent did not analyse a snippet: a limit of ``AnalysisLimits`` it went beyond.
public enum AnalysisRefusal: Error, Sendable, Hashable {
    /// The snippet has `bytes` UTF-8 bytes, more than `limit`.
    case tooLarge(bytes: Int, limit: Int)
    /// The bracket (or `\(`) at `position` opens level `limit + 1` of nesting.
    case nestedTooDeep(limit: Int, at: Position)
    /// The `[` at `position` opens level `limit + 1` of square-bracket nesting.
    case squareBracketsTooDeep(limit: Int, at: Position)
    /// Analysing took longer than `limit`.
    case tooSlow(limit: Duration)

    /// Where in the snippet the limit was crossed; `nil` when it concerns the whole snippet.
    public var position: Position? {
        switch self {
        case .nestedTooDeep(_, let position), .squareBracketsTooDeep(_, let position): position
        case .tooLarge, .tooSlow: nil
        }
    }

    /// One sentence naming the limit.
    public var message: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            "this snippet has \(bytes) bytes; docent analyses snippets of at most \(limit) bytes"
        case .nestedTooDeep(let limit, _):
            "brackets nested more than \(limit) deep; docent analyses Swift nested at most \(limit) deep"
        case .squareBracketsTooDeep(let limit, _):
            "`[` nested more than \(limit) deep; docent analyses at most \(limit) levels of `[` "
                + "(each level doubles the time Swift's parser takes)"
        case .tooSlow(let limit):
            "analysing this snippet took longer than docent's limit of \(limit.components.seconds) s"
        }
    }

    /// What the author can do about it.
    public var advice: String {
        switch self {
        case .tooLarge: "split it into several snippets"
        case .nestedTooDeep, .squareBracketsTooDeep: "give the inner part a name: declare it as a constant or function first"
        case .tooSlow: "split the snippet, or give deeply nested parts names of their own"
        }
    }
}
