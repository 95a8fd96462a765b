import Foundation

/// A change a text field proposes to its delegate: replace `range` with `replacement`.
///
/// These are the two values `textField(_:shouldChangeCharactersIn:replacementString:)`
/// receives besides the field. `range` counts UTF-16 code units, as `NSString` does.
public struct ProposedChange: Equatable, Sendable {
    /// The part of the current text to replace, in UTF-16 code units.
    public let range: NSRange
    /// The text to put there; empty for a deletion.
    public let replacement: String

    /// Makes a proposed change.
    public init(range: NSRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// What happened to one action: whether the rule was asked, what it answered, and
/// what the field held afterwards.
public struct EditResult: Equatable, Sendable {
    /// How one action ended.
    public enum Outcome: Equatable, Sendable {
        /// The rule allowed the change and the field applied it.
        case accepted
        /// The rule refused the change; the field is unchanged.
        case rejected
        /// The action changed no text (a cursor move, or backspace at the start),
        /// so the rule was not asked.
        case notAsked
    }

    /// The action; typing is recorded one `Character` at a time.
    public let action: UserAction
    /// The change the rule was asked about, or `nil` when it was not asked.
    public let change: ProposedChange?
    /// Whether the change went through.
    public let outcome: Outcome
    /// The field's text after the action.
    public let text: String
    /// The field's selection after the action (length 0 for a plain cursor).
    public let selection: NSRange

    /// `true` when the rule allowed the change.
    public var accepted: Bool { outcome == .accepted }
}
