import SwiftParser
import SwiftSyntax

extension BlockAnalysis {
    /// The analysis of code that may be hostile: refused before parsing when it is larger or nests deeper than
    /// `limits` allow, and refused when parsing and analysis take longer than `limits.timeLimit`.
    ///
    /// ```swift
    /// let analysis = try BlockAnalysis.bounded(code: snippet)   // throws AnalysisRefusal
    /// ```
    public static func bounded(code: String, limits: AnalysisLimits = .standard) throws(AnalysisRefusal) -> BlockAnalysis {
        if let refusal = limits.refusal(for: code) { throw refusal }
        let nesting = limits.maximumDepth
        guard let analysis = TimeBound(limits.timeLimit).run({ BlockAnalysis(code: code, maximumNestingLevel: nesting) }) else {
            throw .tooSlow(limit: limits.timeLimit)
        }
        return analysis
    }
}

extension SourceFileSyntax {
    /// `code` parsed with swift-syntax's own bound on nesting (its default when `nil`); deeper code is read as an error.
    static func parsing(_ code: String, maximumNestingLevel: Int?) -> SourceFileSyntax {
        var parser = Parser(code, maximumNestingLevel: maximumNestingLevel)
        return SourceFileSyntax.parse(from: &parser)
    }
}
