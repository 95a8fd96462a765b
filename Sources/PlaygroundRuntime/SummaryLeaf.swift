import Foundation

/// A value the summarizer writes straight from its type, with no `Mirror` and no boxing: the standard library's
/// integers (`Int`), `Double`, `Bool`, text (`String`, `Substring`, `Character`) and `Date`. Only these exact
/// types conform, so what a value shows never depends on which path wrote it.
protocol SummaryLeaf {
    func appendSummary(into text: inout BoundedText, using summarizer: ValueSummarizer)
}

extension Int: SummaryLeaf {
    func appendSummary(into text: inout BoundedText, using summarizer: ValueSummarizer) { text.append(String(self)) }
}

extension Double: SummaryLeaf {
    func appendSummary(into text: inout BoundedText, using summarizer: ValueSummarizer) { text.append(description) }
}

extension Bool: SummaryLeaf {
    func appendSummary(into text: inout BoundedText, using summarizer: ValueSummarizer) {
        text.append(self ? "true" : "false")
    }
}

extension String: SummaryLeaf {
    func appendSummary(into text: inout BoundedText, using summarizer: ValueSummarizer) {
        ValueSummarizer.appendQuoted(self[...], into: &text)
    }
}

extension Substring: SummaryLeaf {
    func appendSummary(into text: inout BoundedText, using summarizer: ValueSummarizer) {
        ValueSummarizer.appendQuoted(self, into: &text)
    }
}

extension Character: SummaryLeaf {
    func appendSummary(into text: inout BoundedText, using summarizer: ValueSummarizer) {
        ValueSummarizer.appendQuoted(String(self)[...], into: &text)
    }
}

extension Date: SummaryLeaf {
    func appendSummary(into text: inout BoundedText, using summarizer: ValueSummarizer) {
        text.append(summarizer.dateText(self))
    }
}

/// A standard collection whose elements (a dictionary's keys and values) are all leaves: its first elements are
/// written one after another from their own type, which is what makes summarising a large `[Int]` in a loop cheap.
protocol LeafCollection: StandardCollection {
    /// Writes at most `limit` elements separated by `, `; returns how many, or nil if the text filled up first.
    func appendLeaves(_ limit: Int, into text: inout BoundedText, using summarizer: ValueSummarizer) -> Int?
}

extension LeafCollection where Self: Collection, Element: SummaryLeaf {
    func appendLeaves(_ limit: Int, into text: inout BoundedText, using summarizer: ValueSummarizer) -> Int? {
        BoundedText.appendList(prefix(limit), into: &text) { element, text in
            element.appendSummary(into: &text, using: summarizer)
        }
    }
}

extension Array: LeafCollection where Element: SummaryLeaf {}
extension ArraySlice: LeafCollection where Element: SummaryLeaf {}
extension ContiguousArray: LeafCollection where Element: SummaryLeaf {}
extension Set: LeafCollection where Element: SummaryLeaf {}

extension Dictionary: LeafCollection where Key: SummaryLeaf, Value: SummaryLeaf {
    func appendLeaves(_ limit: Int, into text: inout BoundedText, using summarizer: ValueSummarizer) -> Int? {
        BoundedText.appendList(prefix(limit), into: &text) { element, text in
            element.key.appendSummary(into: &text, using: summarizer)
            text.append(": ")
            element.value.appendSummary(into: &text, using: summarizer)
        }
    }
}
