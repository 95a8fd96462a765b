import Foundation

/// One thing a user does to a text field.
///
/// Typing sends one change per `Character`, the way a keyboard does; pasting sends
/// the whole string as one change; backspace sends an empty replacement for the
/// selection, or for the last `Character` before the cursor. Moving the cursor or the
/// selection changes no text, so the rule is not asked.
public enum UserAction: Equatable, Sendable {
    /// Types each `Character` of the string as its own keystroke.
    case type(String)
    /// Pastes the whole string in one change, replacing the selection.
    case paste(String)
    /// Deletes the selection, or the `Character` before the cursor.
    case backspace
    /// Replaces an arbitrary range (in UTF-16 code units), as autocorrect or dictation does.
    case replace(NSRange, with: String)
    /// Puts the cursor at a UTF-16 offset, with nothing selected.
    case moveCursor(to: Int)
    /// Selects a range (in UTF-16 code units).
    case select(NSRange)
    /// Selects all of the text.
    case selectAll
}

extension UserAction: CustomStringConvertible {
    /// A short label such as `type "a"`, `paste "hello"` or `backspace`.
    public var description: String {
        switch self {
        case .type(let text): return "type \(text.transcriptQuoted)"
        case .paste(let text): return "paste \(text.transcriptQuoted)"
        case .backspace: return "backspace"
        case .replace(let range, let text): return "replace \(range.transcriptDescription) with \(text.transcriptQuoted)"
        case .moveCursor(let offset): return "cursor to \(offset)"
        case .select(let range): return "select \(range.transcriptDescription)"
        case .selectAll: return "select all"
        }
    }
}
