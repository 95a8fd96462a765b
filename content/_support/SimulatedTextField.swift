import Foundation

/// A stand-in for `UITextField` that runs anywhere Foundation does.
///
/// It keeps a text and a selection, turns each ``UserAction`` into the same
/// `NSRange` and replacement string that UIKit would pass to
/// `textField(_:shouldChangeCharactersIn:replacementString:)`, asks its
/// ``TextFieldRule``, and applies the change only when the rule says yes.
///
/// ```swift
/// let field = SimulatedTextField { text, range, replacement in
///     replacement.allSatisfy(\.isNumber)
/// }
/// field.type("4a2")
/// field.text // "42"
/// ```
///
/// Like a real field, setting ``text`` directly does not consult the rule. A rule may
/// even set ``text`` itself and return `false`, as a delegate does to insert an edited
/// version of a change; the result then reports the text the rule set.
public final class SimulatedTextField {
    /// The rule asked before every change.
    public var rule: TextFieldRule

    private var storage: String

    /// The selection in UTF-16 code units; a length of 0 is a plain cursor.
    public private(set) var selection: NSRange

    /// The field's text. Setting it bypasses the rule (as setting `UITextField.text`
    /// does) and puts the cursor at the end.
    public var text: String {
        get { storage }
        set {
            storage = newValue
            selection = NSRange(location: newValue.utf16.count, length: 0)
        }
    }

    /// Makes a field holding `text`, with the cursor at its end, guarded by `rule`.
    public init(text: String = "", rule: TextFieldRule = .acceptsEverything) {
        self.rule = rule
        self.storage = text
        self.selection = NSRange(location: text.utf16.count, length: 0)
    }

    /// Makes a field guarded by a closure with the delegate method's three inputs:
    /// `(currentText, range, replacement) -> Bool`.
    public convenience init(
        text: String = "",
        shouldChange: @escaping (_ currentText: String, _ range: NSRange, _ replacement: String) -> Bool
    ) {
        self.init(text: text, rule: TextFieldRule(shouldChange))
    }

    // MARK: Actions

    /// Performs one action and reports each change it made; typing a string
    /// reports one result per `Character`.
    @discardableResult
    public func perform(_ action: UserAction) -> [EditResult] {
        switch action {
        case .type(let string):
            return string.map { character in
                propose(ProposedChange(range: selection, replacement: String(character)),
                        as: .type(String(character)))
            }
        case .paste(let string):
            return [propose(ProposedChange(range: selection, replacement: string), as: action)]
        case .backspace:
            guard let range = rangeToDelete() else { return [record(action, .notAsked, nil)] }
            return [propose(ProposedChange(range: range, replacement: ""), as: action)]
        case .replace(let range, let string):
            return [propose(ProposedChange(range: range, replacement: string), as: action)]
        case .moveCursor(let offset):
            select(NSRange(location: offset, length: 0))
            return [record(action, .notAsked, nil)]
        case .select(let range):
            select(range)
            return [record(action, .notAsked, nil)]
        case .selectAll:
            selection = NSRange(location: 0, length: storage.utf16.count)
            return [record(action, .notAsked, nil)]
        }
    }

    /// Types `string` one `Character` at a time.
    @discardableResult
    public func type(_ string: String) -> [EditResult] {
        perform(.type(string))
    }

    /// Pastes `string` over the selection in one change.
    @discardableResult
    public func paste(_ string: String) -> EditResult {
        perform(.paste(string))[0]
    }

    /// Presses backspace once.
    @discardableResult
    public func backspace() -> EditResult {
        perform(.backspace)[0]
    }

    /// Performs every action in order and returns the transcript of what happened.
    public func run(_ actions: [UserAction]) -> Transcript {
        Transcript(entries: actions.flatMap { perform($0) })
    }

    // MARK: The one place text changes

    /// Asks the rule about `change` and applies it when allowed.
    private func propose(_ change: ProposedChange, as action: UserAction) -> EditResult {
        guard rule.allows(currentText: storage, range: change.range, replacement: change.replacement) else {
            return record(action, .rejected, change)
        }
        storage = SimulatedTextField.replacing(change.range, of: storage, with: change.replacement)
        selection = NSRange(location: change.range.location + change.replacement.utf16.count, length: 0)
        return record(action, .accepted, change)
    }

    private func record(_ action: UserAction, _ outcome: EditResult.Outcome, _ change: ProposedChange?) -> EditResult {
        EditResult(action: action, change: change, outcome: outcome, text: storage, selection: selection)
    }

    /// The range backspace deletes: the selection, or else the whole `Character`
    /// before the cursor; `nil` at the start of the field.
    private func rangeToDelete() -> NSRange? {
        if selection.length > 0 { return selection }
        guard selection.location > 0 else { return nil }
        let end = String.Index(utf16Offset: selection.location, in: storage)
        let before = storage[..<end]
        let start = before.index(before: before.endIndex)
        return NSRange(start..<end, in: storage)
    }

    private func select(_ range: NSRange) {
        precondition(range.location >= 0 && NSMaxRange(range) <= storage.utf16.count,
                     "selection \(range.transcriptDescription) is outside the text")
        selection = range
    }

    /// `text` with the UTF-16 `range` replaced by `replacement`.
    static func replacing(_ range: NSRange, of text: String, with replacement: String) -> String {
        guard let swiftRange = Range(range, in: text) else {
            preconditionFailure("range \(range.transcriptDescription) does not fit \(text.transcriptQuoted)")
        }
        return text.replacingCharacters(in: swiftRange, with: replacement)
    }
}

/// A field equals only itself, as a `UITextField` does (an `NSObject` compares by
/// identity), so a field can be a dictionary key or a member of a set.
extension SimulatedTextField: Hashable {
    public static func == (lhs: SimulatedTextField, rhs: SimulatedTextField) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
